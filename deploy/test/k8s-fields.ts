// Unknown fields in Kubernetes manifests, found offline. kubernetes-models' validators (the API's JSON
// schemas, compiled) ignore fields they do not know, as the API server's non-strict decoding does, so
// `replica: 2` or `livenesProbe` would pass them and be dropped silently in a cluster. The same
// package's type declarations are generated from the same OpenAPI schemas, and TypeScript's excess
// property check on an object literal is exactly "additionalProperties: false" at every level: each
// object is written as a literal of its kind's type and the compiler (tsc, already the typecheck
// step) names the first field its type does not have.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { K8sObject } from './kustomize';
import { bin } from '../../scripts/lib/paths';

const require = createRequire(import.meta.url);

/** The declaration file of an object's kind (`kubernetes-models/apps/v1/Deployment`), without its extension. */
const typesOf = (o: K8sObject) => {
  const group = o.apiVersion === 'v1' ? 'v1' : o.apiVersion;
  return require.resolve(`kubernetes-models/${group}/${o.kind}`).replace(/\.js$/, '');
};

/**
 * The fields of `objects` their Kubernetes types do not have, one complaint per object that has any
 * (`Deployment/gateway: 'replica' does not exist in type 'IDeploymentSpec'`); empty when every field is
 * known. Types and values are checked too (a number where the API wants a string is named as well).
 */
export async function unknownFields(objects: K8sObject[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'k8s-fields-'));
  try {
    // One declaration per line, so the compiler's line number names the object.
    const lines = objects.map(
      (o, i) => `export const o${i}: import(${JSON.stringify(typesOf(o))}).I${o.kind} = ${JSON.stringify(o)};`,
    );
    writeFileSync(path.join(dir, 'manifests.ts'), `${lines.join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          module: 'ESNext',
          moduleResolution: 'bundler',
          target: 'ES2023',
          types: [],
        },
        files: ['manifests.ts'],
      }),
    );
    const output = await promisify(execFile)(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')]).then(
      () => '',
      (err: { stdout?: string; message: string }) => err.stdout || err.message,
    );
    const complaints = new Map<number, string>();
    for (const match of output.matchAll(/manifests\.ts\((\d+),\d+\): error TS\d+: ([^\n]*)/g)) {
      const index = Number(match[1]) - 1;
      const o = objects[index];
      // The literal's keys are quoted JSON: the field is named as written in the manifest.
      const complaint = match[2]!.replace(/'"([^"]*)"'/g, "'$1'");
      if (o && !complaints.has(index)) complaints.set(index, `${o.kind}/${o.metadata.name}: ${complaint}`);
    }
    if (output && complaints.size === 0) throw new Error(`tsc failed: ${output.slice(0, 500)}`);
    return [...complaints.values()];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
