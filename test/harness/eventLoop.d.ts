// Types of eventLoop.js for the TypeScript tests.

/** Runs `callback` once this turn of the event loop and the promises it settled are done. */
export function afterThisTurn(callback: () => void): void;

/** Counts the HTTP requests from now on, until the function it answers is called. */
export function watchRequests(): () => void;

/** Whether an HTTP request of this process is on its way: sent and not yet answered, nor held. */
export function onTheirWay(): boolean;

/** Calls `callback` once no HTTP request is on its way: at once when none is. */
export function whenAnswered(callback: () => void): void;

/** A server holding a request until `wait` settles: meanwhile the request is not on its way. */
export function holding<T>(wait: Promise<T>): Promise<T>;
