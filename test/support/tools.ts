import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** Client tools as their users run them: the CLIs the packages install, started as child processes. */
export const TOOLS = {
  /** openapi-typescript 7, beside the TypeScript 5 it needs (tools/openapi-types). */
  openapiTypescript: root('tools/openapi-types/node_modules/openapi-typescript/bin/cli.js'),
  spectral: root('node_modules/@stoplight/spectral-cli/dist/index.js'),
  newman: root('node_modules/newman/bin/newman.js'),
  graphqlInspector: root('node_modules/@graphql-inspector/cli/cjs/index.js'),
  graphqlCodegen: root('node_modules/@graphql-codegen/cli/cjs/bin.js'),
  /** The project's own compiler (TypeScript 7). */
  tsc: root('node_modules/typescript/bin/tsc'),
} as const;

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool's JavaScript entry point with this Node; resolves with its exit code and output, never rejects on a non-zero exit. */
export function runTool(script: string, args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}
