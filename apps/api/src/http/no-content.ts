import type { FastifyReply } from 'fastify';

/**
 * The answer of a delete: waits for the change, then 204 No Content with an empty body (the route
 * declares `response: { 204: z.null() }`); resolves once the reply is sent, as an async Fastify
 * handler that sends must.
 */
export async function noContent(reply: FastifyReply, change: Promise<unknown>): Promise<void> {
  await change;
  await reply.status(204).send(null);
}
