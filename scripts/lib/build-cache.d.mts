/** What writeStamp writes beside an output: its inputs, their content hash, the folder it was made in, and `meta`. */
export type Stamp = { root: string; files: string[]; hash: string } & Record<string, unknown>;
export function contentHash(root: string, files: readonly string[]): string;
export function readStamp(stampFile: string): Stamp | null;
export function writeStamp(stampFile: string, root: string, files: readonly string[], meta?: object): void;
export function isFresh(stampFile: string, root: string, files?: readonly string[]): boolean;
