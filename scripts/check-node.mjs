// Runs before `npm start` and `npm test`: says plainly when this is not Node 24, before anything fails obscurely.
// Node 24 is the Lambda runtime's major (nodejs24.x). `npm ci` installs it: the `node` devDependency ships the
// binary and puts it first on PATH inside every `npm run …`, so a system Node of any version only runs npm itself.
const [major] = process.versions.node.split('.').map(Number);
if (major !== 24) {
  console.error(`[artloom] Node ${process.versions.node} is running this script: Artloom runs on Node 24 (the Lambdas' nodejs24.x).`);
  console.error('[artloom] Run it through npm (`npm start`, `npm test`, `npm run …`): `npm ci` installs Node 24 into node_modules/.bin.');
  process.exit(1);
}
