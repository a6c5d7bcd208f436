import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { RoleWithCount, ModuleRow, SubmoduleRow } from '../server/modules/settings/data';
import type { RequestContext } from '../server/context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Fecha de calendario AAAA-MM-DD. */
  Date: { input: string; output: string; }
  /** Instante ISO-8601 en UTC. */
  DateTime: { input: string; output: Date | string; }
  /** Importe o cantidad decimal exacta; viaja como texto (p. ej. "1234.50"). */
  Decimal: { input: string; output: string; }
  /** Objeto JSON libre (solo lectura: bitácora). */
  JSON: { input: unknown; output: unknown; }
};

export type AppModule = {
  __typename?: 'AppModule';
  active: Scalars['Boolean']['output'];
  icon: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  name: Scalars['String']['output'];
  sortOrder: Scalars['Int']['output'];
  submodules: Array<Submodule>;
  version: Scalars['Int']['output'];
};

export type AppModuleList = {
  __typename?: 'AppModuleList';
  items: Array<AppModule>;
  total: Scalars['Int']['output'];
};

export type AppModuleUpdateInput = {
  active: Scalars['Boolean']['input'];
  icon: Scalars['String']['input'];
  name: Scalars['String']['input'];
  sortOrder: Scalars['Int']['input'];
};

export type AuditEntry = {
  __typename?: 'AuditEntry';
  action: Scalars['String']['output'];
  after?: Maybe<Scalars['JSON']['output']>;
  at: Scalars['DateTime']['output'];
  before?: Maybe<Scalars['JSON']['output']>;
  entity: Scalars['String']['output'];
  entityId: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  userId?: Maybe<Scalars['ID']['output']>;
  userName?: Maybe<Scalars['String']['output']>;
};

export type AuditEntryList = {
  __typename?: 'AuditEntryList';
  items: Array<AuditEntry>;
  total: Scalars['Int']['output'];
};

/** How the SPA must sign in: 'local' (server passwords) or 'firebase'. */
export type AuthConfig = {
  __typename?: 'AuthConfig';
  firebaseApiKey?: Maybe<Scalars['String']['output']>;
  firebaseAuthDomain?: Maybe<Scalars['String']['output']>;
  firebaseEmulatorUrl?: Maybe<Scalars['String']['output']>;
  firebaseProjectId?: Maybe<Scalars['String']['output']>;
  provider: Scalars['String']['output'];
};

/** Common list arguments: page starts at 1, pageSize at most 200. */
export type ListInput = {
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDirection?: InputMaybe<SortDirection>;
};

export type Mutation = {
  __typename?: 'Mutation';
  _noop?: Maybe<Scalars['Boolean']['output']>;
  appModuleUpdate: AppModule;
  changePassword: Session;
  login: Session;
  /** Exchange a Firebase ID token for an ERP session (ERP_AUTH_PROVIDER=firebase). */
  loginWithFirebase: Session;
  logout: Scalars['Boolean']['output'];
  roleCreate: RoleDetail;
  roleDelete: Scalars['Boolean']['output'];
  /** Replace every grant of the role; its users see the change on their next request. */
  roleSetPermissions: RoleDetail;
  roleUpdate: RoleDetail;
  submoduleUpdate: Submodule;
  userCreate: UserCreatePayload;
  userDeactivate: User;
  userResetPassword: UserResetPasswordPayload;
  userUpdate: User;
};


export type MutationAppModuleUpdateArgs = {
  id: Scalars['ID']['input'];
  input: AppModuleUpdateInput;
  version: Scalars['Int']['input'];
};


export type MutationChangePasswordArgs = {
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};


export type MutationLoginArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationLoginWithFirebaseArgs = {
  idToken: Scalars['String']['input'];
};


export type MutationRoleCreateArgs = {
  input: RoleInput;
};


export type MutationRoleDeleteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRoleSetPermissionsArgs = {
  grants: Array<RoleGrantInput>;
  id: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
};


export type MutationRoleUpdateArgs = {
  id: Scalars['ID']['input'];
  input: RoleInput;
  version: Scalars['Int']['input'];
};


export type MutationSubmoduleUpdateArgs = {
  id: Scalars['ID']['input'];
  input: SubmoduleUpdateInput;
  version: Scalars['Int']['input'];
};


export type MutationUserCreateArgs = {
  input: UserCreateInput;
};


export type MutationUserDeactivateArgs = {
  id: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
};


export type MutationUserResetPasswordArgs = {
  id: Scalars['ID']['input'];
};


export type MutationUserUpdateArgs = {
  id: Scalars['ID']['input'];
  input: UserUpdateInput;
  version: Scalars['Int']['input'];
};

export type Query = {
  __typename?: 'Query';
  appModule?: Maybe<AppModule>;
  appModules: AppModuleList;
  /** The audit log (who changed what), newest first; filter by entity and id. */
  auditEntries: AuditEntryList;
  authConfig: AuthConfig;
  me?: Maybe<SessionUser>;
  /** The signed-in user's own recent audit entries (dashboard). */
  myAuditEntries: Array<AuditEntry>;
  myRules: Array<RuleModule>;
  /** Every module with its submodules, for the permission matrix. */
  permissionCatalog: Array<AppModule>;
  /** Liveness for integrators; the HTTP /api/health also checks the database. */
  ping: Scalars['String']['output'];
  role?: Maybe<RoleDetail>;
  /** Roles to pick from in the user form. */
  roleOptions: Array<Role>;
  roles: RoleList;
  user?: Maybe<User>;
  users: UserList;
};


export type QueryAppModuleArgs = {
  id: Scalars['ID']['input'];
};


export type QueryAppModulesArgs = {
  list?: InputMaybe<ListInput>;
};


export type QueryAuditEntriesArgs = {
  entity?: InputMaybe<Scalars['String']['input']>;
  entityId?: InputMaybe<Scalars['String']['input']>;
  list?: InputMaybe<ListInput>;
  userId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryMyAuditEntriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRoleArgs = {
  id: Scalars['ID']['input'];
};


export type QueryRolesArgs = {
  list?: InputMaybe<ListInput>;
};


export type QueryUserArgs = {
  id: Scalars['ID']['input'];
};


export type QueryUsersArgs = {
  filter?: InputMaybe<UserFilter>;
  list?: InputMaybe<ListInput>;
};

export type Role = {
  __typename?: 'Role';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type RoleDetail = {
  __typename?: 'RoleDetail';
  description: Scalars['String']['output'];
  /** Granted permissions as submoduleId + permission name. */
  grants: Array<RoleGrant>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  userCount: Scalars['Int']['output'];
  version: Scalars['Int']['output'];
};

export type RoleGrant = {
  __typename?: 'RoleGrant';
  permission: Scalars['String']['output'];
  submoduleId: Scalars['ID']['output'];
};

export type RoleGrantInput = {
  permission: Scalars['String']['input'];
  submoduleId: Scalars['ID']['input'];
};

export type RoleInput = {
  description: Scalars['String']['input'];
  name: Scalars['String']['input'];
};

export type RoleList = {
  __typename?: 'RoleList';
  items: Array<RoleDetail>;
  total: Scalars['Int']['output'];
};

export type RuleModule = {
  __typename?: 'RuleModule';
  module: Scalars['String']['output'];
  submodules: Array<RuleSubmodule>;
};

export type RulePermition = {
  __typename?: 'RulePermition';
  name: Scalars['String']['output'];
};

export type RuleSubmodule = {
  __typename?: 'RuleSubmodule';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  permitions: Array<RulePermition>;
};

export type Session = {
  __typename?: 'Session';
  rules: Array<RuleModule>;
  token: Scalars['String']['output'];
  user: SessionUser;
};

export type SessionUser = {
  __typename?: 'SessionUser';
  email: Scalars['String']['output'];
  forcedPasswordReset: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  role: Role;
};

export type SortDirection =
  | 'ASC'
  | 'DESC';

export type Submodule = {
  __typename?: 'Submodule';
  active: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  moduleId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  permissions: Array<Scalars['String']['output']>;
  sortOrder: Scalars['Int']['output'];
  version: Scalars['Int']['output'];
};

export type SubmoduleUpdateInput = {
  active: Scalars['Boolean']['input'];
  name: Scalars['String']['input'];
  permissions: Array<Scalars['String']['input']>;
  sortOrder: Scalars['Int']['input'];
};

export type Subscription = {
  __typename?: 'Subscription';
  _noop?: Maybe<Scalars['Boolean']['output']>;
  /** Fires when the signed-in user's rules change (role permissions saved). */
  rulesChanged: Array<RuleModule>;
};

export type User = {
  __typename?: 'User';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  forcedPasswordReset: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  lastSignInAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  role: Role;
  version: Scalars['Int']['output'];
};

export type UserCreateInput = {
  email: Scalars['String']['input'];
  name: Scalars['String']['input'];
  /** Initial password; when empty a temporary one is generated and returned once. */
  password?: InputMaybe<Scalars['String']['input']>;
  roleId: Scalars['ID']['input'];
};

export type UserCreatePayload = {
  __typename?: 'UserCreatePayload';
  /** Only when the server generated the password; shown once. */
  temporaryPassword?: Maybe<Scalars['String']['output']>;
  user: User;
};

export type UserFilter = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  roleId?: InputMaybe<Scalars['ID']['input']>;
};

export type UserList = {
  __typename?: 'UserList';
  items: Array<User>;
  total: Scalars['Int']['output'];
};

export type UserResetPasswordPayload = {
  __typename?: 'UserResetPasswordPayload';
  temporaryPassword: Scalars['String']['output'];
  user: User;
};

export type UserUpdateInput = {
  active: Scalars['Boolean']['input'];
  email: Scalars['String']['input'];
  name: Scalars['String']['input'];
  roleId: Scalars['ID']['input'];
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AppModule: ResolverTypeWrapper<ModuleRow>;
  AppModuleList: ResolverTypeWrapper<Partial<Omit<AppModuleList, 'items'> & { items: Array<ResolversTypes['AppModule']> }>>;
  AppModuleUpdateInput: ResolverTypeWrapper<Partial<AppModuleUpdateInput>>;
  AuditEntry: ResolverTypeWrapper<Partial<AuditEntry>>;
  AuditEntryList: ResolverTypeWrapper<Partial<AuditEntryList>>;
  AuthConfig: ResolverTypeWrapper<Partial<AuthConfig>>;
  Boolean: ResolverTypeWrapper<Partial<Scalars['Boolean']['output']>>;
  Date: ResolverTypeWrapper<Partial<Scalars['Date']['output']>>;
  DateTime: ResolverTypeWrapper<Partial<Scalars['DateTime']['output']>>;
  Decimal: ResolverTypeWrapper<Partial<Scalars['Decimal']['output']>>;
  ID: ResolverTypeWrapper<Partial<Scalars['ID']['output']>>;
  Int: ResolverTypeWrapper<Partial<Scalars['Int']['output']>>;
  JSON: ResolverTypeWrapper<Partial<Scalars['JSON']['output']>>;
  ListInput: ResolverTypeWrapper<Partial<ListInput>>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Role: ResolverTypeWrapper<Partial<Role>>;
  RoleDetail: ResolverTypeWrapper<RoleWithCount>;
  RoleGrant: ResolverTypeWrapper<Partial<RoleGrant>>;
  RoleGrantInput: ResolverTypeWrapper<Partial<RoleGrantInput>>;
  RoleInput: ResolverTypeWrapper<Partial<RoleInput>>;
  RoleList: ResolverTypeWrapper<Partial<Omit<RoleList, 'items'> & { items: Array<ResolversTypes['RoleDetail']> }>>;
  RuleModule: ResolverTypeWrapper<Partial<RuleModule>>;
  RulePermition: ResolverTypeWrapper<Partial<RulePermition>>;
  RuleSubmodule: ResolverTypeWrapper<Partial<RuleSubmodule>>;
  Session: ResolverTypeWrapper<Partial<Session>>;
  SessionUser: ResolverTypeWrapper<Partial<SessionUser>>;
  SortDirection: ResolverTypeWrapper<Partial<SortDirection>>;
  String: ResolverTypeWrapper<Partial<Scalars['String']['output']>>;
  Submodule: ResolverTypeWrapper<SubmoduleRow>;
  SubmoduleUpdateInput: ResolverTypeWrapper<Partial<SubmoduleUpdateInput>>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  User: ResolverTypeWrapper<Partial<User>>;
  UserCreateInput: ResolverTypeWrapper<Partial<UserCreateInput>>;
  UserCreatePayload: ResolverTypeWrapper<Partial<UserCreatePayload>>;
  UserFilter: ResolverTypeWrapper<Partial<UserFilter>>;
  UserList: ResolverTypeWrapper<Partial<UserList>>;
  UserResetPasswordPayload: ResolverTypeWrapper<Partial<UserResetPasswordPayload>>;
  UserUpdateInput: ResolverTypeWrapper<Partial<UserUpdateInput>>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AppModule: ModuleRow;
  AppModuleList: Partial<Omit<AppModuleList, 'items'> & { items: Array<ResolversParentTypes['AppModule']> }>;
  AppModuleUpdateInput: Partial<AppModuleUpdateInput>;
  AuditEntry: Partial<AuditEntry>;
  AuditEntryList: Partial<AuditEntryList>;
  AuthConfig: Partial<AuthConfig>;
  Boolean: Partial<Scalars['Boolean']['output']>;
  Date: Partial<Scalars['Date']['output']>;
  DateTime: Partial<Scalars['DateTime']['output']>;
  Decimal: Partial<Scalars['Decimal']['output']>;
  ID: Partial<Scalars['ID']['output']>;
  Int: Partial<Scalars['Int']['output']>;
  JSON: Partial<Scalars['JSON']['output']>;
  ListInput: Partial<ListInput>;
  Mutation: Record<PropertyKey, never>;
  Query: Record<PropertyKey, never>;
  Role: Partial<Role>;
  RoleDetail: RoleWithCount;
  RoleGrant: Partial<RoleGrant>;
  RoleGrantInput: Partial<RoleGrantInput>;
  RoleInput: Partial<RoleInput>;
  RoleList: Partial<Omit<RoleList, 'items'> & { items: Array<ResolversParentTypes['RoleDetail']> }>;
  RuleModule: Partial<RuleModule>;
  RulePermition: Partial<RulePermition>;
  RuleSubmodule: Partial<RuleSubmodule>;
  Session: Partial<Session>;
  SessionUser: Partial<SessionUser>;
  String: Partial<Scalars['String']['output']>;
  Submodule: SubmoduleRow;
  SubmoduleUpdateInput: Partial<SubmoduleUpdateInput>;
  Subscription: Record<PropertyKey, never>;
  User: Partial<User>;
  UserCreateInput: Partial<UserCreateInput>;
  UserCreatePayload: Partial<UserCreatePayload>;
  UserFilter: Partial<UserFilter>;
  UserList: Partial<UserList>;
  UserResetPasswordPayload: Partial<UserResetPasswordPayload>;
  UserUpdateInput: Partial<UserUpdateInput>;
}>;

export type AuthenticatedDirectiveArgs = {
  allowPasswordReset?: Maybe<Scalars['Boolean']['input']>;
};

export type AuthenticatedDirectiveResolver<Result, Parent, ContextType = RequestContext, Args = AuthenticatedDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type CanDirectiveArgs = {
  action: Scalars['String']['input'];
  subject: Scalars['String']['input'];
};

export type CanDirectiveResolver<Result, Parent, ContextType = RequestContext, Args = CanDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type PublicDirectiveArgs = { };

export type PublicDirectiveResolver<Result, Parent, ContextType = RequestContext, Args = PublicDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AppModuleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['AppModule'] = ResolversParentTypes['AppModule']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  icon?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sortOrder?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  submodules?: Resolver<Array<ResolversTypes['Submodule']>, ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AppModuleListResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['AppModuleList'] = ResolversParentTypes['AppModuleList']> = ResolversObject<{
  items?: Resolver<Array<ResolversTypes['AppModule']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AuditEntryResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['AuditEntry'] = ResolversParentTypes['AuditEntry']> = ResolversObject<{
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  entity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  entityId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type AuditEntryListResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['AuditEntryList'] = ResolversParentTypes['AuditEntryList']> = ResolversObject<{
  items?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AuthConfigResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['AuthConfig'] = ResolversParentTypes['AuthConfig']> = ResolversObject<{
  firebaseApiKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firebaseAuthDomain?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firebaseEmulatorUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firebaseProjectId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  _noop?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  appModuleUpdate?: Resolver<ResolversTypes['AppModule'], ParentType, ContextType, RequireFields<MutationAppModuleUpdateArgs, 'id' | 'input' | 'version'>>;
  changePassword?: Resolver<ResolversTypes['Session'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'currentPassword' | 'newPassword'>>;
  login?: Resolver<ResolversTypes['Session'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'email' | 'password'>>;
  loginWithFirebase?: Resolver<ResolversTypes['Session'], ParentType, ContextType, RequireFields<MutationLoginWithFirebaseArgs, 'idToken'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  roleCreate?: Resolver<ResolversTypes['RoleDetail'], ParentType, ContextType, RequireFields<MutationRoleCreateArgs, 'input'>>;
  roleDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRoleDeleteArgs, 'id'>>;
  roleSetPermissions?: Resolver<ResolversTypes['RoleDetail'], ParentType, ContextType, RequireFields<MutationRoleSetPermissionsArgs, 'grants' | 'id' | 'version'>>;
  roleUpdate?: Resolver<ResolversTypes['RoleDetail'], ParentType, ContextType, RequireFields<MutationRoleUpdateArgs, 'id' | 'input' | 'version'>>;
  submoduleUpdate?: Resolver<ResolversTypes['Submodule'], ParentType, ContextType, RequireFields<MutationSubmoduleUpdateArgs, 'id' | 'input' | 'version'>>;
  userCreate?: Resolver<ResolversTypes['UserCreatePayload'], ParentType, ContextType, RequireFields<MutationUserCreateArgs, 'input'>>;
  userDeactivate?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUserDeactivateArgs, 'id' | 'version'>>;
  userResetPassword?: Resolver<ResolversTypes['UserResetPasswordPayload'], ParentType, ContextType, RequireFields<MutationUserResetPasswordArgs, 'id'>>;
  userUpdate?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUserUpdateArgs, 'id' | 'input' | 'version'>>;
}>;

export type QueryResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  appModule?: Resolver<Maybe<ResolversTypes['AppModule']>, ParentType, ContextType, RequireFields<QueryAppModuleArgs, 'id'>>;
  appModules?: Resolver<ResolversTypes['AppModuleList'], ParentType, ContextType, Partial<QueryAppModulesArgs>>;
  auditEntries?: Resolver<ResolversTypes['AuditEntryList'], ParentType, ContextType, Partial<QueryAuditEntriesArgs>>;
  authConfig?: Resolver<ResolversTypes['AuthConfig'], ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes['SessionUser']>, ParentType, ContextType>;
  myAuditEntries?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType, RequireFields<QueryMyAuditEntriesArgs, 'limit'>>;
  myRules?: Resolver<Array<ResolversTypes['RuleModule']>, ParentType, ContextType>;
  permissionCatalog?: Resolver<Array<ResolversTypes['AppModule']>, ParentType, ContextType>;
  ping?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['RoleDetail']>, ParentType, ContextType, RequireFields<QueryRoleArgs, 'id'>>;
  roleOptions?: Resolver<Array<ResolversTypes['Role']>, ParentType, ContextType>;
  roles?: Resolver<ResolversTypes['RoleList'], ParentType, ContextType, Partial<QueryRolesArgs>>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType, RequireFields<QueryUserArgs, 'id'>>;
  users?: Resolver<ResolversTypes['UserList'], ParentType, ContextType, Partial<QueryUsersArgs>>;
}>;

export type RoleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Role'] = ResolversParentTypes['Role']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type RoleDetailResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RoleDetail'] = ResolversParentTypes['RoleDetail']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  grants?: Resolver<Array<ResolversTypes['RoleGrant']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type RoleGrantResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RoleGrant'] = ResolversParentTypes['RoleGrant']> = ResolversObject<{
  permission?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  submoduleId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type RoleListResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RoleList'] = ResolversParentTypes['RoleList']> = ResolversObject<{
  items?: Resolver<Array<ResolversTypes['RoleDetail']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type RuleModuleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RuleModule'] = ResolversParentTypes['RuleModule']> = ResolversObject<{
  module?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  submodules?: Resolver<Array<ResolversTypes['RuleSubmodule']>, ParentType, ContextType>;
}>;

export type RulePermitionResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RulePermition'] = ResolversParentTypes['RulePermition']> = ResolversObject<{
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type RuleSubmoduleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['RuleSubmodule'] = ResolversParentTypes['RuleSubmodule']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  permitions?: Resolver<Array<ResolversTypes['RulePermition']>, ParentType, ContextType>;
}>;

export type SessionResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Session'] = ResolversParentTypes['Session']> = ResolversObject<{
  rules?: Resolver<Array<ResolversTypes['RuleModule']>, ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['SessionUser'], ParentType, ContextType>;
}>;

export type SessionUserResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['SessionUser'] = ResolversParentTypes['SessionUser']> = ResolversObject<{
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  forcedPasswordReset?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
}>;

export type SubmoduleResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Submodule'] = ResolversParentTypes['Submodule']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  moduleId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  permissions?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  sortOrder?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  _noop?: SubscriptionResolver<Maybe<ResolversTypes['Boolean']>, "_noop", ParentType, ContextType>;
  rulesChanged?: SubscriptionResolver<Array<ResolversTypes['RuleModule']>, "rulesChanged", ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  forcedPasswordReset?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSignInAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type UserCreatePayloadResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['UserCreatePayload'] = ResolversParentTypes['UserCreatePayload']> = ResolversObject<{
  temporaryPassword?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type UserListResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['UserList'] = ResolversParentTypes['UserList']> = ResolversObject<{
  items?: Resolver<Array<ResolversTypes['User']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type UserResetPasswordPayloadResolvers<ContextType = RequestContext, ParentType extends ResolversParentTypes['UserResetPasswordPayload'] = ResolversParentTypes['UserResetPasswordPayload']> = ResolversObject<{
  temporaryPassword?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = RequestContext> = ResolversObject<{
  AppModule?: AppModuleResolvers<ContextType>;
  AppModuleList?: AppModuleListResolvers<ContextType>;
  AuditEntry?: AuditEntryResolvers<ContextType>;
  AuditEntryList?: AuditEntryListResolvers<ContextType>;
  AuthConfig?: AuthConfigResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  Decimal?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Role?: RoleResolvers<ContextType>;
  RoleDetail?: RoleDetailResolvers<ContextType>;
  RoleGrant?: RoleGrantResolvers<ContextType>;
  RoleList?: RoleListResolvers<ContextType>;
  RuleModule?: RuleModuleResolvers<ContextType>;
  RulePermition?: RulePermitionResolvers<ContextType>;
  RuleSubmodule?: RuleSubmoduleResolvers<ContextType>;
  Session?: SessionResolvers<ContextType>;
  SessionUser?: SessionUserResolvers<ContextType>;
  Submodule?: SubmoduleResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserCreatePayload?: UserCreatePayloadResolvers<ContextType>;
  UserList?: UserListResolvers<ContextType>;
  UserResetPasswordPayload?: UserResetPasswordPayloadResolvers<ContextType>;
}>;

export type DirectiveResolvers<ContextType = RequestContext> = ResolversObject<{
  authenticated?: AuthenticatedDirectiveResolver<any, any, ContextType>;
  can?: CanDirectiveResolver<any, any, ContextType>;
  public?: PublicDirectiveResolver<any, any, ContextType>;
}>;
