import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ROLE_LABELS,
  RoleSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['Oturum'];
const RoleOptionSchema = z.object({ name: RoleSchema, label: z.string() });

export const authRoutes: FastifyPluginCallbackZod<{ auth: AuthService }> = (
  app,
  { auth },
  done,
) => {
  app.post('/Authorization/Login', {
    config: { access: 'public' },
    // The access token beside the login the caller sent: never compressed (BREACH, decision 0128).
    compress: false,
    schema: {
      tags,
      summary: 'Giriş',
      body: LoginRequestSchema,
      response: { 200: LoginResponseSchema },
    },
    handler: async (request, reply) => {
      const answer = await auth.login(request.body, request.ip);
      // The anti-forgery value from now on belongs to this session.
      reply.bindXsrf(decodeJwt(answer.accessToken).sid as string);
      return answer;
    },
  });

  app.post('/Authorization/ChangePassword', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Kendi parolasını değiştir',
      body: ChangePasswordRequestSchema,
      response: { 200: z.object({ changed: z.literal(true) }) },
    },
    handler: (request) => auth.changePassword(currentUser(request), request.body),
  });

  app.get('/Authorization/Roles', {
    config: { access: {} },
    schema: { tags, summary: 'Roller', response: { 200: z.array(RoleOptionSchema) } },
    handler: () => ALL_ROLES.map((name) => ({ name, label: ROLE_LABELS[name] })),
  });
  done();
};
