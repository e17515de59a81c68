import type { Db } from '../db/db';
import { auditRepository } from './audit';
import { availabilityRepository } from './availability';
import { contentPagesRepository } from './content-pages';
import { contentTranslationsRepository } from './content-translations';
import { earningRepository } from './earning';
import { incentivesOverviewRepository } from './incentives-overview';
import { languagesRepository } from './languages';
import { learningOverviewRepository } from './learning-overview';
import { loginFailuresRepository } from './login-failures';
import { navigationRepository } from './navigation';
import { pointsRepository } from './points';
import { pointsHistoryRepository } from './points-history';
import { rolesRepository } from './roles';
import { searchRepository } from './search';
import { sessionsRepository } from './sessions';
import { settingsRepository } from './settings';
import { shopRepository } from './shop';
import { storefrontRepository } from './storefront';
import { subscriptionsRepository } from './subscriptions';
import { taxonomyRepository } from './taxonomy';
import { trainingsRepository } from './trainings';
import { usersRepository } from './users';

function repositoriesOver(db: Db) {
  return {
    users: usersRepository(db),
    roles: rolesRepository(db),
    sessions: sessionsRepository(db),
    loginFailures: loginFailuresRepository(db),
    settings: settingsRepository(db),
    languages: languagesRepository(db),
    contentTranslations: contentTranslationsRepository(db),
    navigation: navigationRepository(db),
    taxonomy: taxonomyRepository(db),
    points: pointsRepository(db),
    pointsHistory: pointsHistoryRepository(db),
    trainings: trainingsRepository(db),
    subscriptions: subscriptionsRepository(db),
    learningOverview: learningOverviewRepository(db),
    search: searchRepository(db),
    storefront: storefrontRepository(db),
    shop: shopRepository(db),
    earning: earningRepository(db),
    incentivesOverview: incentivesOverviewRepository(db),
    availability: availabilityRepository(db),
    audit: auditRepository(db),
    contentPages: contentPagesRepository(db),
  };
}

/** Every repository over one database handle, plus a way to run several in one transaction. */
export type Repositories = ReturnType<typeof repositoriesOver> & {
  /** Runs `fn` with repositories bound to one transaction. */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>;
};

/** Every repository over one database handle (the pool, or a transaction). */
export function createRepositories(db: Db): Repositories {
  return {
    ...repositoriesOver(db),
    transaction: (fn) => db.transaction((tx) => fn(createRepositories(tx))),
  };
}
