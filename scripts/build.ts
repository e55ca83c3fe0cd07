/**
 * `npm run build`: builds the console into dist/ and compiles the server into dist-server/.
 * `npm start` runs it with --if-changed: a part already built from the same sources is not built again.
 */
import { buildPart, consolePart, serverPart } from './build/parts';

const onlyIfChanged = process.argv.includes('--if-changed');

for (const part of [consolePart, serverPart]) {
  const started = Date.now();
  const built = await buildPart(part, { onlyIfChanged, quiet: onlyIfChanged });
  console.log(built ? `Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.` : `The ${part.name} is built from these sources already.`);
}
