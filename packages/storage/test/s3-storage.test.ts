import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createStorage, readStorageConfig } from '../src/index';
import { describeObjectStorage, MB } from './storage-suite';

// s3rver, an S3 API on the local disk, runs in this process on a free port: the driver talks real
// S3 HTTP (SigV4, multipart, ranges) to it.
let s3rver: S3rver;
let dir: string;
let endpoint: string;
let bucketNo = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-test-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const address = (await s3rver.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3rver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * A fresh bucket per test and a client instrumented to see what the driver asks of S3: bytes of
 * acknowledged parts, and multipart uploads that were neither completed nor aborted. (s3rver does
 * not implement AbortMultipartUpload, so a requested abort is what is checked.)
 */
async function s3Harness() {
  const bucket = `test-${++bucketNo}`;
  const client = await createS3Client({
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  let partBytes = 0;
  const open = new Set<string>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { UploadId?: string; Body?: { byteLength?: number; length?: number } };
      const result = await next(args);
      const output = result.output as { UploadId?: string };
      if (context.commandName === 'CreateMultipartUploadCommand' && output.UploadId) open.add(output.UploadId);
      if (context.commandName === 'UploadPartCommand') partBytes += input.Body?.byteLength ?? input.Body?.length ?? 0;
      if (context.commandName === 'CompleteMultipartUploadCommand') open.delete(input.UploadId!);
      return result;
    },
    { step: 'initialize', name: 'testRecorder' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      // Recorded before sending: s3rver answers AbortMultipartUpload with an error it does not implement.
      if (context.commandName === 'AbortMultipartUploadCommand')
        open.delete((args.input as { UploadId: string }).UploadId);
      return next(args);
    },
    { step: 'initialize', name: 'abortRecorder' },
  );
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    storage: createStorage({ driver: 's3', bucket, client, partSize: 5 * MB, queueSize: 1 }),
    bytesStoredSoFar: () => partBytes,
    leftovers: () => [...open],
    cleanup: async () => client.destroy(),
    bucket,
  };
}

describeObjectStorage('s3 (s3rver)', s3Harness);

describe('s3 storage', () => {
  it('hands out presigned, time-limited GET URLs a browser can download the object from', async () => {
    const { storage, cleanup, bucket } = await s3Harness();
    try {
      await storage.put('masters/one.wav', 'the master', { contentType: 'audio/wav' });
      const url = await storage.downloadUrl('masters/one.wav', { expiresInSeconds: 60 });
      expect(url).toMatch(/X-Amz-Signature=/);
      expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('60');
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(await res.text()).toBe('the master');
      expect(new URL(url!).pathname).toBe(`/${bucket}/masters/one.wav`);
    } finally {
      await cleanup();
    }
  });
});

describe('readStorageConfig', () => {
  it('chooses the local disk by default and S3 when STORAGE_DRIVER=s3', () => {
    expect(readStorageConfig({})).toEqual({ driver: 'local', root: undefined });
    expect(readStorageConfig({ STORAGE_DIR: '/srv/storage', S3_BUCKET: '' })).toEqual({
      driver: 'local',
      root: '/srv/storage',
    });
    expect(
      readStorageConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'masters',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'af-south-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      driver: 's3',
      bucket: 'masters',
      endpoint: 'http://minio:9000',
      region: 'af-south-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('fails with every problem named', () => {
    expect(() => readStorageConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER must be local or s3');
    expect(() => readStorageConfig({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET is required when STORAGE_DRIVER=s3');
    expect(() => readStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    );
    expect(() => readStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false',
    );
  });
});
