// Runs before `npm start` and `npm test`: says plainly when this Node is too old, before anything fails obscurely.
// Node 20.19 is the floor (Vite 8 and its React plugin ask for ^20.19 || >=22.12). aws-local-stepfunctions declares
// Node 22 but runs on 20 with one polyfill (local/sfn/polyfill.ts), which CI proves on Node 20 on every run.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 12)) {
  console.error(`[artloom] Node ${process.versions.node} is not supported: Artloom needs Node ^20.19 or >=22.12.`);
  console.error('[artloom] Install it with your version manager, e.g. `nvm install` in this folder (.nvmrc).');
  process.exit(1);
}
