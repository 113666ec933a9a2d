/** The part of autocannon (which ships no types) the load engine uses. */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: object) => Request;
    onResponse?: (status: number, body: string, context: object) => void;
  }
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string;
    connections: number;
    duration: number;
    connectionRate?: number;
    overallRate?: number;
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  }
  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: Client, statusCode: number, bytes: number, ms: number) => void): this;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
