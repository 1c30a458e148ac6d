import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { gql, gqlErrorCode } from './fixtures.js';

const OPEN = `mutation ($input: OpenSupportCaseInput!) { openSupportCase(input: $input) { supportCase { id channel subject status createdAt } } }`;
const MESSAGE = `mutation ($input: AddSupportMessageInput!) {
  addSupportMessage(input: $input) { message { id channel direction message at } } }`;
const CLOSE = `mutation ($caseId: ID!) { closeSupportCase(input: { caseId: $caseId }) { supportCase { status closedAt } } }`;
const CASE = `query ($id: ID!) { supportCase(id: $id) { status messages { direction message channel } } }`;
const CASES = `query ($status: SupportCaseStatus) { supportCases(status: $status) { edges { node { id } } } }`;

describe('customer service: support cases', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('records atendimento.criado, atendimento.mensagem with exactly the source\'s fields, and atendimento.encerrado', async () => {
    const seller = await createTestSeller(server.orm);
    const { openSupportCase: { supportCase: opened } } = await gql(server, seller, OPEN, {
      input: { channel: 'chat', subject: 'Onde está meu pedido?', message: 'Olá, meu pedido não chegou' },
    });
    const { addSupportMessage: { message: reply } } = await gql(server, seller, MESSAGE, {
      input: { caseId: opened.id, direction: 'saida', message: 'Vamos verificar', channel: 'email' },
    });
    const { closeSupportCase: { supportCase: closed } } = await gql(server, seller, CLOSE, { caseId: opened.id });
    expect(closed.status).toBe('closed');

    const events = await recordedEvents(server.orm, seller.id);
    expect(events.map((row) => row.type)).toEqual(['atendimento.criado', 'atendimento.mensagem', 'atendimento.mensagem', 'atendimento.encerrado']);
    expect(events[0]!.payload).toEqual({
      idAtendimento: opened.id,
      canal: 'chat',
      assunto: 'Onde está meu pedido?',
      nomeCliente: null,
      idPedido: null,
      dataHora: opened.createdAt,
    });
    expect(events[1]!.payload).toStrictEqual({
      idAtendimento: opened.id,
      canal: 'chat',
      direcao: 'entrada',
      mensagem: 'Olá, meu pedido não chegou',
      dataHora: opened.createdAt,
    });
    expect(events[2]!.payload).toStrictEqual({
      idAtendimento: opened.id,
      canal: 'email',
      direcao: 'saida',
      mensagem: 'Vamos verificar',
      dataHora: reply.at,
    });
    expect(events[3]!.payload).toEqual({ idAtendimento: opened.id, canal: 'chat', dataHora: closed.closedAt });

    expect((await gql(server, seller, CASE, { id: opened.id })).supportCase).toEqual({
      status: 'closed',
      messages: [
        { direction: 'entrada', message: 'Olá, meu pedido não chegou', channel: 'chat' },
        { direction: 'saida', message: 'Vamos verificar', channel: 'email' },
      ],
    });
  });

  it('refuses messages to a closed case, closing twice and another seller\'s case', async () => {
    const seller = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    const { openSupportCase: { supportCase: opened } } = await gql(server, seller, OPEN, { input: { channel: 'whatsapp', subject: 'Troca' } });
    expect(await gqlErrorCode(server, other, MESSAGE, { input: { caseId: opened.id, direction: 'entrada', message: 'oi' } })).toBe('NOT_FOUND');
    expect((await gql(server, other, CASE, { id: opened.id })).supportCase).toBeNull();
    await gql(server, seller, CLOSE, { caseId: opened.id });
    expect(await gqlErrorCode(server, seller, MESSAGE, { input: { caseId: opened.id, direction: 'entrada', message: 'oi' } })).toBe('CONFLICT');
    expect(await gqlErrorCode(server, seller, CLOSE, { caseId: opened.id })).toBe('CONFLICT');
    expect(await gqlErrorCode(server, seller, OPEN, { input: { channel: 'Chat Online', subject: 'x' } })).toBe('VALIDATION_FAILED');
    expect(await recordedEvents(server.orm, other.id)).toEqual([]);
  });

  it('lists cases newest first, by status', async () => {
    const seller = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    const opened: string[] = [];
    for (const subject of ['Nota fiscal', 'Troca', 'Atraso', 'Cancelamento']) {
      opened.push((await gql(server, seller, OPEN, { input: { channel: 'email', subject } })).openSupportCase.supportCase.id);
    }
    await gql(server, other, OPEN, { input: { channel: 'email', subject: 'Outro vendedor' } });
    await gql(server, seller, CLOSE, { caseId: opened[1] });
    const ids = async (variables: Record<string, unknown>) =>
      (await gql(server, seller, CASES, variables)).supportCases.edges.map((edge: { node: { id: string } }) => edge.node.id);
    const newestFirst = [...opened].reverse();
    expect(await ids({})).toEqual(newestFirst);
    expect(await ids({ status: 'open' })).toEqual(newestFirst.filter((id) => id !== opened[1]));
    expect(await ids({ status: 'closed' })).toEqual([opened[1]]);
  });
});
