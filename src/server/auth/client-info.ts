import type { FastifyRequest } from "fastify";
import { graphemePrefix } from "../../shared/text-cut.js";

/** What a session records about the device that opened it (shown in the person's data export). */
export type ClientInfo = { userAgent: string | null; ipAddress: string | null };

/** The longest user agent kept: enough to recognise a browser, not a place to store anything. */
const USER_AGENT_MAX = 500;

export function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = request.headers["user-agent"];
  return { userAgent: typeof agent === "string" ? graphemePrefix(agent, USER_AGENT_MAX) : null, ipAddress: request.ip };
}
