import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, wherever the command was started from. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shell and the four remotes, in the order they are built. */
export const FRONTEND_APPS = ['shell', 'mf-storefront', 'mf-admin-ops', 'mf-admin-content', 'mf-admin-email'] as const;

/** An executable from node_modules/.bin. */
export const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
