/**
 * Types of the server's API, generated from its OpenAPI document (`npm run gen:api`,
 * docs/console.md "Generated API types"): services alias these instead of keeping copies.
 */
import type { components, paths } from './api.gen';

export type Schemas = components['schemas'];

/** A request or response type of the server by its Go name, e.g. `Schema<'cuisine.DishView'>`. */
export type Schema<K extends keyof Schemas> = Schemas[K];

/** A page of a list answer: `records` of `T` and the paging fields (Go `api.Page[T]`). */
export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];

/** The query parameters of a route, e.g. `Query<'/merchant/advert'>`. */
export type Query<P extends keyof paths, M extends keyof paths[P] = 'get' & keyof paths[P]> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
