import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';

/** The routes this context serves (only the API process serves HTTP). */
const controllers: Type[] = [];
const providers: Provider[] = [];

/** Telling the organisations (issue 43): the organisation directory staff keep, and each memory's list. */
@Module({})
export class OrganisationsModule {
  static forRoot(role: 'api' | 'worker' | 'tools'): DynamicModule {
    return { module: OrganisationsModule, controllers: role === 'api' ? controllers : [], providers, exports: [] };
  }
}
