// A process that reads the build through the `dist` link, as `npm start` and the CLI do
// (test/build.test.ts runs it during a rebuild). Prints JSON; fails on a half-written build.
const { loadConfig } = await import('../../dist/src/config.js');
const { AppError } = await import('../../dist/src/errors.js');
console.log(JSON.stringify({ code: new AppError('NOT_FOUND', 'x').code, port: loadConfig({}).port }));
