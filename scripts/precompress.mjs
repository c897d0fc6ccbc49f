// Part of `npm run build`: writes brotli (quality 11) and gzip (level 9) copies of the hashed client scripts and
// styles next to them (name.js.br, name.js.gz). server/http/precompressed.ts serves them to browsers that accept them:
// smaller than compressing on the fly at the fast levels a per-request compressor must use, and no CPU per request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = "build/client/assets";
let before = 0;
let after = 0;
for (const name of readdirSync(dir).filter((n) => /\.(js|css)$/.test(n))) {
  const body = readFileSync(join(dir, name));
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`Precompressed build/client/assets: ${(before / 1024).toFixed(0)} KB of scripts and styles, ${(after / 1024).toFixed(0)} KB as brotli`);
