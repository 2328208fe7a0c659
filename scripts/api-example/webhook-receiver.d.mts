import type http from "node:http";

export type ReceivedEvent = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

export function startReceiver(options: {
  secret: string;
  port?: number;
  host?: string;
  onEvent?: (event: ReceivedEvent) => void;
}): Promise<http.Server>;
