/**
 * How merchant callbacks are sent, from the environment (README lists the variables). Production
 * keeps the defaults; tests shorten the waits so a retry schedule plays out in seconds.
 */

export interface CallbackConfig {
  /** Wait before each retry, in ms; the last one repeats until the deadline. */
  retryDelaysMs: number[];
  /** One HTTP call, body included, may take this long before it counts as failed. */
  timeoutMs: number;
  /** How many calls one instance has in flight at once; more due callbacks wait for the next round. */
  maxInFlight: number;
}

/** 10 s, 30 s, 1 min, 2 min, 5 min, then every 10 min until the deadline. */
const DEFAULT_RETRY_SECONDS = [10, 30, 60, 120, 300, 600];
const DEFAULT_TIMEOUT_SECONDS = 10;
const DEFAULT_MAX_IN_FLIGHT = 50;

/** A positive number of seconds ("0.5", "10"), or null when the text is not one. */
const seconds = (text: string): number | null => (/^\d+(\.\d+)?$/.test(text.trim()) && Number(text) > 0 ? Math.round(Number(text) * 1000) : null);

const listOf = (text: string | undefined): string[] => (text ?? '').split(',').filter((part) => part.trim() !== '');

export function readCallbackConfig(env: NodeJS.ProcessEnv): CallbackConfig {
  const retries = listOf(env.CALLBACK_RETRY_SECONDS).map(seconds);
  const timeout = env.CALLBACK_TIMEOUT_SECONDS ? seconds(env.CALLBACK_TIMEOUT_SECONDS) : null;
  const inFlight = Number(env.CALLBACK_MAX_IN_FLIGHT);
  return {
    retryDelaysMs: retries.length && retries.every((r) => r !== null) ? (retries as number[]) : DEFAULT_RETRY_SECONDS.map((s) => s * 1000),
    timeoutMs: timeout ?? DEFAULT_TIMEOUT_SECONDS * 1000,
    maxInFlight: Number.isInteger(inFlight) && inFlight > 0 ? inFlight : DEFAULT_MAX_IN_FLIGHT,
  };
}

/** What keeps the server from starting, as sentences for the operator. */
export function callbackConfigProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.CALLBACK_RETRY_SECONDS && !listOf(env.CALLBACK_RETRY_SECONDS).every((part) => seconds(part) !== null)) {
    problems.push('CALLBACK_RETRY_SECONDS must be a comma-separated list of positive numbers of seconds (e.g. 10,30,60).');
  }
  if (env.CALLBACK_TIMEOUT_SECONDS && seconds(env.CALLBACK_TIMEOUT_SECONDS) === null) problems.push('CALLBACK_TIMEOUT_SECONDS must be a positive number of seconds.');
  if (env.CALLBACK_MAX_IN_FLIGHT && !/^[1-9]\d*$/.test(env.CALLBACK_MAX_IN_FLIGHT.trim())) problems.push('CALLBACK_MAX_IN_FLIGHT must be a positive whole number.');
  return problems;
}
