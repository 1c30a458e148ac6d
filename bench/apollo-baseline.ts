/**
 * The floor the `stack` scenario measures GraphQL's per-request overhead against: a bare
 * Apollo Server 5 (its standalone HTTP server, default options, one `Query` field) on
 * PORT. No token, no database, no limits: what is left is Node's HTTP, Apollo's request
 * pipeline and graphql-js on `{ __typename }`.
 */
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

const server = new ApolloServer({ typeDefs: 'type Query { ping: String }', resolvers: { Query: { ping: () => 'pong' } } });
const { url } = await startStandaloneServer(server, { listen: { port: Number(process.env.PORT), host: '127.0.0.1' } });
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
console.error(`bare Apollo Server listening on ${url}`);
