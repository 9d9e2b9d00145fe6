import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCb } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);

/** Text the server sends compressed: the build writes a brotli and a gzip copy beside each file. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest|wasm)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of the
 * build, when smaller than the file, for serveStatic's `precompressed` (server/static.ts, decision
 * 140): the strongest settings cost the build a few seconds once instead of every response's CPU.
 * index.html is left out: the server rewrites it per response (CSP nonce). Source maps get gzip
 * only: only developer tools fetch them, and brotli 11 over their 20 MB was two thirds of the
 * build's time. The files are compressed on zlib's thread pool, one per core, not one by one on
 * the main thread (decision 296).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'media-studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      const files = walk(outDir).filter(
        (file) => COMPRESSIBLE.test(file) && file !== path.join(outDir, 'index.html'),
      );
      const one = async (file: string) => {
        const raw = await fs.promises.readFile(file);
        const [br, gz] = await Promise.all([
          file.endsWith('.map')
            ? null
            : brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
          gzip(raw, { level: 9 }),
        ]);
        if (br && br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
        if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
      };
      // Largest first, so the long ones do not end up alone at the tail.
      const queue = files
        .map((file) => ({ file, size: fs.statSync(file).size }))
        .sort((a, b) => b.size - a.size);
      const lanes = Math.max(1, availableParallelism());
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await one(next.file);
        }),
      );
    },
  };
}

/**
 * The first route's code in the HTML: `<link rel="modulepreload">` for the chunk holding `entry` (a
 * lazy page's module, e.g. the asset library) and every chunk it imports statically, so the browser
 * fetches them with the shell instead of one round trip after it (decision 140). The chunk may be
 * the page's own or a group's that took it in (the library is in `app`, beside the shell: decision
 * 470); chunks the document already names are not named twice. `namespaces`: the
 * strings the first render waits for (the shell's and the page's), preloaded in every language,
 * each link marked `data-lang`: the server keeps those of the language the request asks for and
 * drops the others (server/static.ts, decision 200).
 */
export function preloadFirstRoute(entry: string, namespaces: readonly string[] = []): Plugin {
  return {
    name: 'media-studio:preload-first-route',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const target = path.resolve(entry);
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.moduleIds.some((id) => path.resolve(id) === target));
        if (!page) throw new Error(`preloadFirstRoute: no chunk is built from ${entry}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(page.fileName);
        const links = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        const strings: string[] = [];
        const found = new Set<string>();
        for (const chunk of chunks) {
          const m =
            chunk.facadeModuleId &&
            /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId);
          if (!m || !namespaces.includes(m[2]!)) continue;
          found.add(m[2]!);
          strings.push(
            `<link rel="modulepreload" crossorigin href="/${chunk.fileName}" data-lang="${m[1]}">`,
          );
        }
        const missing = namespaces.filter((ns) => !found.has(ns));
        if (missing.length) throw new Error(`preloadFirstRoute: no strings chunk for ${missing.join(', ')}`);
        strings.sort();
        return html.replace('</head>', `    ${[...links, ...strings].join('\n    ')}\n  </head>`);
      },
    },
  };
}

const EARLY_SCRIPT_MAX_BROTLI = 2048;

/**
 * The early script (decision 245): `entry` built on its own, as one classic script with every
 * module it imports inlined (an IIFE: no import, so nothing waits for the shell), emitted as
 * `assets/early-<hash>.js` and loaded by index.html ahead of everything else as a plain script:
 * it runs before the app's module scripts, and, ahead of the stylesheet, is not held until the
 * stylesheet has arrived (a `defer` script is: it ran at 1.36 s instead of 0.41 s on Slow 4G). It
 * holds up the parser for its own round trip, while the preload scanner already fetches the rest
 * of the head (the body is one empty element). A second Rollup input would not do: the bundler would share the modules
 * both entries import through common chunks, and the early script would wait for those.
 */
export function earlyScript(entry: string): Plugin {
  let config: ResolvedConfig;
  let fileName = '';
  return {
    name: 'media-studio:early-script',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      const output = await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        resolve: { alias: config.resolve.alias },
        build: {
          write: false,
          target: config.build.target,
          minify: true,
          sourcemap: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          lib: { entry: path.resolve(config.root, entry), formats: ['iife'], name: 'mediaStudioEarly' },
        },
      });
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) =>
        'output' in o ? o.output.filter((c) => c.type === 'chunk') : [],
      );
      if (chunks.length !== 1) throw new Error(`earlyScript: ${entry} must build to one file`);
      const code = chunks[0]!.code;
      // It runs before everything else on a slow link: a library slipping in (a schema, a store) would
      // cost what it saves. Import pure modules only (decision 245).
      const size = brotliCompressSync(code).length;
      if (size > EARLY_SCRIPT_MAX_BROTLI)
        throw new Error(
          `earlyScript: ${entry} is ${size} bytes in brotli (at most ${EARLY_SCRIPT_MAX_BROTLI})`,
        );
      fileName = `assets/early-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        // /bootstrap first in the queue (HTTP/1.1: six connections, ~20 files): a fetch the early
        // script starts itself waits behind every preload. Ahead of the script, so that the
        // script's fetch of it reuses this preload (after it, Chromium fetched it twice).
        {
          tag: 'link',
          attrs: { rel: 'preload', href: '/bootstrap', as: 'fetch', crossorigin: true },
          injectTo: 'head-prepend',
        },
        { tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' },
      ],
    },
  };
}

/**
 * The favicon inlined into index.html as a data: URL (decision 245): Chromium fetches a page's icon
 * again after every same-document navigation to a new URL (the redirect from `/` to `/assets`),
 * so the first open cost two requests for 157 bytes, both before the paint. `file` is in public/.
 */
export function inlineFavicon(file: string): Plugin {
  let root = '';
  return {
    name: 'media-studio:inline-favicon',
    apply: 'build',
    configResolved(config) {
      root = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const href = `href="/${file}"`;
        if (!html.includes(href)) throw new Error(`inlineFavicon: index.html has no ${href}`);
        const svg = fs.readFileSync(path.join(root, file), 'utf8').trim();
        return html.replace(href, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
      },
    },
  };
}

/**
 * React Router publishes a production build beside its development one, but its package exports
 * name only the development one (warnings and invariant messages kept): a build resolves it to the
 * production files, 0.4 KB less on the first open (decision 265). `vite` and the tests keep the
 * development build and its warnings.
 *
 * That build also keeps what the app never uses: `X.displayName = …` is a property write, which a
 * bundler must keep, and with it `X` (`<Form>`, `useSubmit`, the RSC error handler…); and its
 * `React.forwardRef(…)` and `React.createContext(…)` calls lack the pure mark that would let an
 * unused one go. The display names only name components in React's developer tools. Without them
 * and with the marks, 1.1 KB (brotli) of unused router code leaves `shell-libs` (decision 540).
 * The marks move the columns of their 17 lines in this vendor file's source map.
 */
export function reactRouterProductionBuild(): Plugin {
  const production = path.resolve('node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const marked = code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /(?<!__PURE__ \*\/ )\bReact\d*\.(?:forwardRef|createContext|memo)\(/g,
            '/* @__PURE__ */ $&',
          );
        return marked === code ? null : { code: marked, map: null };
      },
    },
  };
}
