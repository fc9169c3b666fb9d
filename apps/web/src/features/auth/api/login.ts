import { useMutation } from '@tanstack/react-query';
import { LoginResponseSchema, type LoginRequest, type LoginResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST Authorization/Login: the five fields the browser stores (product-spec.md section 3). */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  return LoginResponseSchema.parse(await api.post<unknown>('Authorization/Login', request));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
