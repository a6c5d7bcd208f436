/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment SessionUserFields on SessionUser {\n  id\n  email\n  name\n  forcedPasswordReset\n  role {\n    id\n    name\n  }\n}\n\nfragment RuleModuleFields on RuleModule {\n  module\n  submodules {\n    id\n    name\n    permitions {\n      name\n    }\n  }\n}\n\nfragment SessionFields on Session {\n  token\n  user {\n    ...SessionUserFields\n  }\n  rules {\n    ...RuleModuleFields\n  }\n}\n\nmutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation LoginWithFirebase($idToken: String!) {\n  loginWithFirebase(idToken: $idToken) {\n    ...SessionFields\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n    ...SessionFields\n  }\n}\n\nquery Me {\n  me {\n    ...SessionUserFields\n  }\n}\n\nquery MyRules {\n  myRules {\n    ...RuleModuleFields\n  }\n}\n\nquery AuthConfig {\n  authConfig {\n    provider\n    firebaseApiKey\n    firebaseAuthDomain\n    firebaseProjectId\n    firebaseEmulatorUrl\n  }\n}\n\nquery MyAuditEntries($limit: Int) {\n  myAuditEntries(limit: $limit) {\n    id\n    at\n    entity\n    entityId\n    action\n  }\n}\n\nsubscription RulesChanged {\n  rulesChanged {\n    ...RuleModuleFields\n  }\n}": typeof types.SessionUserFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment SessionUserFields on SessionUser {\n  id\n  email\n  name\n  forcedPasswordReset\n  role {\n    id\n    name\n  }\n}\n\nfragment RuleModuleFields on RuleModule {\n  module\n  submodules {\n    id\n    name\n    permitions {\n      name\n    }\n  }\n}\n\nfragment SessionFields on Session {\n  token\n  user {\n    ...SessionUserFields\n  }\n  rules {\n    ...RuleModuleFields\n  }\n}\n\nmutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation LoginWithFirebase($idToken: String!) {\n  loginWithFirebase(idToken: $idToken) {\n    ...SessionFields\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n    ...SessionFields\n  }\n}\n\nquery Me {\n  me {\n    ...SessionUserFields\n  }\n}\n\nquery MyRules {\n  myRules {\n    ...RuleModuleFields\n  }\n}\n\nquery AuthConfig {\n  authConfig {\n    provider\n    firebaseApiKey\n    firebaseAuthDomain\n    firebaseProjectId\n    firebaseEmulatorUrl\n  }\n}\n\nquery MyAuditEntries($limit: Int) {\n  myAuditEntries(limit: $limit) {\n    id\n    at\n    entity\n    entityId\n    action\n  }\n}\n\nsubscription RulesChanged {\n  rulesChanged {\n    ...RuleModuleFields\n  }\n}": types.SessionUserFieldsFragmentDoc,
};

/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = gql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function gql(source: string): unknown;

/**
 * The gql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function gql(source: "fragment SessionUserFields on SessionUser {\n  id\n  email\n  name\n  forcedPasswordReset\n  role {\n    id\n    name\n  }\n}\n\nfragment RuleModuleFields on RuleModule {\n  module\n  submodules {\n    id\n    name\n    permitions {\n      name\n    }\n  }\n}\n\nfragment SessionFields on Session {\n  token\n  user {\n    ...SessionUserFields\n  }\n  rules {\n    ...RuleModuleFields\n  }\n}\n\nmutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation LoginWithFirebase($idToken: String!) {\n  loginWithFirebase(idToken: $idToken) {\n    ...SessionFields\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n    ...SessionFields\n  }\n}\n\nquery Me {\n  me {\n    ...SessionUserFields\n  }\n}\n\nquery MyRules {\n  myRules {\n    ...RuleModuleFields\n  }\n}\n\nquery AuthConfig {\n  authConfig {\n    provider\n    firebaseApiKey\n    firebaseAuthDomain\n    firebaseProjectId\n    firebaseEmulatorUrl\n  }\n}\n\nquery MyAuditEntries($limit: Int) {\n  myAuditEntries(limit: $limit) {\n    id\n    at\n    entity\n    entityId\n    action\n  }\n}\n\nsubscription RulesChanged {\n  rulesChanged {\n    ...RuleModuleFields\n  }\n}"): (typeof documents)["fragment SessionUserFields on SessionUser {\n  id\n  email\n  name\n  forcedPasswordReset\n  role {\n    id\n    name\n  }\n}\n\nfragment RuleModuleFields on RuleModule {\n  module\n  submodules {\n    id\n    name\n    permitions {\n      name\n    }\n  }\n}\n\nfragment SessionFields on Session {\n  token\n  user {\n    ...SessionUserFields\n  }\n  rules {\n    ...RuleModuleFields\n  }\n}\n\nmutation Login($email: String!, $password: String!) {\n  login(email: $email, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation LoginWithFirebase($idToken: String!) {\n  loginWithFirebase(idToken: $idToken) {\n    ...SessionFields\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n    ...SessionFields\n  }\n}\n\nquery Me {\n  me {\n    ...SessionUserFields\n  }\n}\n\nquery MyRules {\n  myRules {\n    ...RuleModuleFields\n  }\n}\n\nquery AuthConfig {\n  authConfig {\n    provider\n    firebaseApiKey\n    firebaseAuthDomain\n    firebaseProjectId\n    firebaseEmulatorUrl\n  }\n}\n\nquery MyAuditEntries($limit: Int) {\n  myAuditEntries(limit: $limit) {\n    id\n    at\n    entity\n    entityId\n    action\n  }\n}\n\nsubscription RulesChanged {\n  rulesChanged {\n    ...RuleModuleFields\n  }\n}"];

export function gql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;