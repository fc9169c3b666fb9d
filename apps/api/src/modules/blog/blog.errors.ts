import { NotFoundError } from '../../shared/domain-errors.ts';

export class BlogPostNotFoundError extends NotFoundError {
  constructor() {
    super('Yazı bulunamadı.');
  }
}
