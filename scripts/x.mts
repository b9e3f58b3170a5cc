import { readFileSync, readdirSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const prefix = process.argv[2];
const f = readdirSync('/tmp/distsm/assets').find((x) => x.startsWith(prefix) && x.endsWith('.js'))!;
const code = readFileSync('/tmp/distsm/assets/' + f, 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync('/tmp/distsm/assets/' + f + '.map', 'utf8')));
const lines = code.split('\n');
const by: Record<string, number> = {};
const maps: any[] = [];
map.eachMapping((m) => maps.push(m));
for (let i = 0; i < maps.length; i++) {
  const m = maps[i], n = maps[i + 1];
  const len = n && n.generatedLine === m.generatedLine ? n.generatedColumn - m.generatedColumn : lines[m.generatedLine - 1].length - m.generatedColumn;
  const s = (m.source ?? '?').replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/').replace(/.*\/common\//, 'common/');
  by[s] = (by[s] ?? 0) + len;
}
let t = 0;
for (const [s, n] of Object.entries(by).sort((a, b) => b[1] - a[1])) { t += n; console.log(String(n).padStart(7), String(t).padStart(7), s); }
