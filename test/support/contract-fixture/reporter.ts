// As the test receivers do: a module of its own that reports through the contract check.
export { reportContractViolation as report } from '../contract.js';
