// What the apps use of @tanstack/react-query, and all the federation shares under that name (see
// FACADES in build/index.ts). A shared module cannot be tree-shaken, so sharing the package itself
// loaded all of it (suspense and infinite queries, hydration, prefetching) on every page; sharing
// this list lets each build drop the rest while the query cache's context stays one copy.
// Import from `@tanstack/react-query` as usual; a name missing here fails the unit tests
// (packages/ui/test/build.test.ts checks every app's imports against it), so add it to this list.
// The package is named here by its file, not by `@tanstack/react-query`: the federation answers
// that name with this module itself (test/build.test.ts checks it is the file the name resolves to).
export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../node_modules/@tanstack/react-query/build/modern/index.js';
