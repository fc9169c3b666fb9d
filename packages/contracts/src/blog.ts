import { z } from 'zod';

/** Body of `POST blog/posts` and `PUT blog/posts/{id}`. */
export const BlogPostRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Başlık gerekli.')
    .max(200, 'Başlık en fazla 200 karakter olabilir.'),
  summary: z
    .string()
    .trim()
    .min(1, 'Özet gerekli.')
    .max(500, 'Özet en fazla 500 karakter olabilir.'),
  body: z
    .string()
    .trim()
    .min(1, 'Metin gerekli.')
    .max(50_000, 'Metin en fazla 50.000 karakter olabilir.'),
});
export type BlogPostRequest = z.infer<typeof BlogPostRequestSchema>;
