import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CreateUserRequestSchema,
  UpdateUserModulesRequestSchema,
  UpdateUserRequestSchema,
  USER_ADMIN_ROLES,
  UserModulesSchema,
  UserSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import { idSchema } from '../../http/id-schema.ts';
import type { UsersService } from './users.service.ts';

const idMessage = 'Geçerli bir kullanıcı numarası girin.';
const IdQuery = z.object({
  Id: idSchema(idMessage),
});
const IdParams = z.object({
  id: idSchema(idMessage),
});

const ADMINS = { roles: USER_ADMIN_ROLES };
/** Any signed-in user; the service lets non-admins read only their own record. */
const SIGNED_IN = {};
const tags = ['Kullanıcılar'];

export const usersRoutes: FastifyPluginCallbackZod<{ users: UsersService }> = (
  app,
  { users },
  done,
) => {
  app.get('/Authorization/Users', {
    config: { access: ADMINS },
    schema: { tags, summary: 'Tüm kullanıcılar', response: { 200: z.array(UserSchema) } },
    handler: () => users.list(),
  });

  app.get('/Authorization/GetUsersModule', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Kullanıcıların modülleri',
      response: { 200: z.array(UserModulesSchema) },
    },
    handler: () => users.listModules(),
  });

  app.get('/Authorization/UserListById', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'Bir kullanıcı', querystring: IdQuery, response: { 200: UserSchema } },
    handler: (request) => users.get(currentUser(request), request.query.Id),
  });

  app.get('/Authorization/UserModul', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Bir kullanıcının modülleri',
      querystring: IdQuery,
      response: { 200: UserModulesSchema },
    },
    handler: (request) => users.getModules(currentUser(request), request.query.Id),
  });

  app.post('/Authorization/Users', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Kullanıcı oluştur',
      body: CreateUserRequestSchema,
      response: { 200: UserSchema },
    },
    handler: (request) => users.create(currentUser(request), request.body),
  });

  app.put('/Authorization/Users/:id', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Kullanıcıyı güncelle',
      params: IdParams,
      body: UpdateUserRequestSchema,
      response: { 200: UserSchema },
    },
    handler: (request) => users.update(currentUser(request), request.params.id, request.body),
  });

  app.put('/Authorization/UserModul', {
    config: { access: ADMINS },
    schema: {
      tags,
      summary: 'Kullanıcının modüllerini değiştir',
      querystring: IdQuery,
      body: UpdateUserModulesRequestSchema,
      response: { 200: UserModulesSchema },
    },
    handler: (request) =>
      users.updateModules(currentUser(request), request.query.Id, request.body.modules),
  });

  app.delete('/Authorization/Users/:id', {
    config: { access: ADMINS },
    schema: { tags, summary: 'Kullanıcıyı sil', params: IdParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(reply, users.remove(currentUser(request), request.params.id)),
  });
  done();
};
