// The services' route tables built without their dependencies (route factories only close over them;
// no handler runs), for what reads the tables as data: the OpenAPI test and `npm run openapi`.
import { describeRoutes, openApiDocument, type RouteTable } from '@mastering/service-kit';
import { routes as storefront } from '../../storefront/src/routes';
import { routes as ops } from '../../ops/src/routes';
import { routes as content } from '../../content/src/routes';
import { routes as email } from '../../email/src/routes';
import { API_INFO, reachable } from '../src/middleware/api-docs';
import type { ServiceName } from '../src/routes';

const deps = {} as never;

/** Each service behind the gateway with its route table. */
export const ROUTE_TABLES: Record<ServiceName, RouteTable> = {
  storefront: storefront(deps),
  ops: ops(deps),
  content: content(deps),
  email: email(deps),
};

/** The document the gateway serves, assembled from the tables directly (no running services). */
export const documentFromTables = () =>
  openApiDocument(
    (Object.entries(ROUTE_TABLES) as [ServiceName, RouteTable][]).map(([service, table]) =>
      reachable(service, describeRoutes(table, service)),
    ),
    API_INFO,
  );
