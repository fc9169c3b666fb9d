import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { VarChangeQuerySchema, VarChangeResponseSchema } from '@fonrisk/contracts';
import type { VarChangeService } from './var-change.service.ts';

const tags = ['RMD Analizi'];

/** var-change: every role with module 1 (observers included) reads the explanation. */
export const varChangeRoutes: FastifyPluginCallbackZod<{ varChange: VarChangeService }> = (
  app,
  { varChange },
  done,
) => {
  app.get('/var-change', {
    config: { access: { modules: [1] } },
    schema: {
      tags,
      summary: 'RMD neden değişti: iki tarih arasındaki değişimin kaynakları',
      description:
        'Fonun iki dağılım tarihi arasındaki RMD değişimini sıralı ikame ile dört parçaya ayırır: pozisyon değişimi, gözlem penceresi, fiyat seviyeleri, parametre/yöntem. Parçaların toplamı değişime eşittir; her parçanın 24 sıralamadaki en küçük ve en büyük değeri ve en çok etkileyen pozisyonlar verilir.',
      querystring: VarChangeQuerySchema,
      response: { 200: VarChangeResponseSchema },
    },
    handler: (request) => varChange.explain(request.query),
  });
  done();
};
