import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files of the repository (`src/webhooks/sender.ts`, test/db/ids.test.ts)
 * and link to each other's sections; a renamed or deleted file, or a renamed heading,
 * must not leave them pointing at nothing. docs/history/ is a record and keeps the names
 * files had when it was written, so its citations are not checked; its links are.
 */
const CITING = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/guides')];
const LINKING = [...CITING, ...markdownIn('docs/history')];

/** The folders a citation starts with. */
const ROOTS = ['src', 'test', 'docs', 'bench', 'scripts', 'console', 'schema', 'migrations', 'collections', 'client'];
const ROOT = ROOTS.join('|');
const CODE_SPAN = /`([^`\n]+)`/g;
const PLAIN_PATH = new RegExp(`(?<![\\w./\`<>-])(?:${ROOT})/[\\w./{},*-]*[\\w/}*]`, 'g');
const LINK = /\]\(([^)\s]+)\)/g;

function markdownIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);
}

/** The lines outside fenced code blocks, which hold commands and other projects' paths. */
function proseLines(text: string): { line: string; number: number }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line, number: index + 1 }];
  });
}

/** `src/a.ts:82`, `docs/x.md#y`, `test/{a,b}.test.ts`: the paths named, or none for a placeholder (`src/<domain>/`). */
function pathsNamed(citation: string): string[] {
  const path = citation.replace(/[:#].*$/, '').replace(/[.,;)]+$/, '');
  if (!new RegExp(`^(?:${ROOT})/`).test(path) || /[<>…]|\.\.\./.test(path)) return [];
  const braces = /\{([^{}]*)\}/.exec(path);
  if (!braces) return [path];
  return braces[1]!.split(',').flatMap((part) => pathsNamed(path.replace(braces[0], part)));
}

/** Whether a path exists; `*` matches within one folder level. */
function exists(path: string, root = '.'): boolean {
  const [head, ...rest] = path.split('/').filter(Boolean);
  if (head === undefined) return true;
  if (!head.includes('*')) return existsSync(join(root, head)) && exists(rest.join('/'), join(root, head));
  const pattern = new RegExp(`^${head.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
  const folder = existsSync(root) && statSync(root).isDirectory() ? readdirSync(root) : [];
  return folder.some((name) => pattern.test(name) && exists(rest.join('/'), join(root, name)));
}

/** Every repository path a Markdown text cites, in code spans and in prose, that does not exist. */
function missingCitations(text: string): string[] {
  const missing: string[] = [];
  for (const { line, number } of proseLines(text)) {
    const spans = [...line.matchAll(CODE_SPAN)].map((match) => match[1]!);
    const prose = line.replace(CODE_SPAN, ' ').replace(LINK, ' ');
    const citations = [...spans, ...[...prose.matchAll(PLAIN_PATH)].map((match) => match[0])];
    for (const citation of citations) {
      for (const path of pathsNamed(citation)) if (!exists(path)) missing.push(`${number}: ${path}`);
    }
  }
  return missing;
}

/** GitHub's anchors of a Markdown text's headings (and explicit `id="…"`s). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set([...text.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]!));
  const seen = new Map<string, number>();
  for (const { line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of the Markdown file at `file` whose target or heading does not exist. */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const { line, number } of proseLines(text)) {
    for (const [, target] of line.matchAll(LINK)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const resolved = path ? normalize(join(dirname(file), path)) : file;
      if (!existsSync(resolved)) broken.push(`${number}: ${target}`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${number}: ${target}`);
    }
  }
  return broken;
}

describe('the docs', () => {
  it.each(CITING)('%s cites only files that exist', (file) => {
    expect(missingCitations(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it.each(LINKING)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('finds a missing file, in a code span and in prose, and a missing heading (so the checks above can fail)', () => {
    const text = [
      'Code: `src/webhooks/sender.ts`, `src/webhooks/nowhere.ts:12`, `test/webhooks/{sender,elsewhere}.test.ts`,',
      'test/db/gone.test.ts and `src/<domain>/<domain>.events.ts` (a placeholder), `src/*/*.events.ts`.',
      '```sh',
      'npx openapi-typescript schema/openapi/all.json -o src/not-ours.d.ts',
      '```',
      'See [security](security.md#revocation), [nothing](security.md#no-such-heading) and [gone](gone.md).',
    ].join('\n');
    expect(missingCitations(text)).toEqual(['1: src/webhooks/nowhere.ts', '1: test/webhooks/elsewhere.test.ts', '2: test/db/gone.test.ts']);
    expect(brokenLinks('docs/example.md', text)).toEqual(['6: security.md#no-such-heading', '6: gone.md']);
  });
});
