import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { BlogPostRequestSchema, BlogPostSchema, USER_ADMIN_ROLES } from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import { idSchema } from '../../http/id-schema.ts';
import type { BlogService } from './blog.service.ts';

const idMessage = 'Geçerli bir yazı numarası girin.';
const IdParams = z.object({
  id: idSchema(idMessage),
});
const EDITORS = { roles: USER_ADMIN_ROLES };
const tags = ['Blog'];

export const blogRoutes: FastifyPluginCallbackZod<{ blog: BlogService }> = (
  app,
  { blog },
  done,
) => {
  app.get('/blog/posts', {
    config: { access: 'public' },
    schema: { tags, summary: 'Yazılar (en yeni önce)', response: { 200: z.array(BlogPostSchema) } },
    handler: () => blog.list(),
  });

  app.get('/blog/posts/:id', {
    config: { access: 'public' },
    schema: { tags, summary: 'Bir yazı', params: IdParams, response: { 200: BlogPostSchema } },
    handler: (request) => blog.get(request.params.id),
  });

  app.post('/blog/posts', {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Yazı ekle',
      body: BlogPostRequestSchema,
      response: { 200: BlogPostSchema },
    },
    handler: (request) => blog.create(currentUser(request), request.body),
  });

  app.put('/blog/posts/:id', {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Yazıyı güncelle',
      params: IdParams,
      body: BlogPostRequestSchema,
      response: { 200: BlogPostSchema },
    },
    handler: (request) => blog.update(currentUser(request), request.params.id, request.body),
  });

  app.delete('/blog/posts/:id', {
    config: { access: EDITORS },
    schema: { tags, summary: 'Yazıyı sil', params: IdParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(reply, blog.remove(currentUser(request), request.params.id)),
  });
  done();
};
