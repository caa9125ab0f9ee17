// The server's log. Callers pass messages, never request bodies, cookies or codes.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) =>
    console.error(error === undefined ? message : `${message}\n${describe(error)}`),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
