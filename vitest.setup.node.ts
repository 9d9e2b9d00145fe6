import fc from 'fast-check';

// Property tests explore new inputs on every local run; in CI they replay one fixed seed so that a
// submission is judged on a repeatable run (a failure found locally prints its seed to replay).
if (process.env.CI) fc.configureGlobal({ seed: 20261122 });
