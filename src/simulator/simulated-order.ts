import { cpfOf } from '../orders/brazilian-documents.js';
import type { ChannelOrderInput, PaymentInput } from '../orders/orders.schemas.js';
import { formatMoney, multiplyMoney, parseMoney } from '../money.js';
import { SIMULATOR_CHANNEL } from './sandbox.js';

/** A source of numbers in [0, 1): Math.random in the service, a seeded one in tests. */
export type Random = () => number;

/** A SKU the simulated marketplace may sell: published on `simulador`, with a price and a published quantity. */
export interface Offer {
  sku: string;
  title: string;
  /** The effective price on `simulador` now. */
  price: string;
  /** The quantity published to `simulador`. */
  quantity: number;
}

const FIRST_NAMES = ['Ana', 'Bruno', 'Camila', 'Diego', 'Fernanda', 'Gabriel', 'Helena', 'Igor', 'Juliana', 'Lucas', 'Mariana', 'Rafael', 'Beatriz', 'Thiago'];
const LAST_NAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho'];

/** Addresses of public buildings in state capitals, with their CEPs: plausible and nobody's home. */
const ADDRESSES = [
  { street: 'Avenida Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', postalCode: '01310-200', phonePrefix: '11' },
  { street: 'Praça Floriano', number: '1', district: 'Centro', city: 'Rio de Janeiro', state: 'RJ', postalCode: '20031-050', phonePrefix: '21' },
  { street: 'Avenida Afonso Pena', number: '1212', district: 'Centro', city: 'Belo Horizonte', state: 'MG', postalCode: '30130-003', phonePrefix: '31' },
  { street: 'Rua XV de Novembro', number: '1299', district: 'Centro', city: 'Curitiba', state: 'PR', postalCode: '80060-000', phonePrefix: '41' },
  { street: 'Praça da Alfândega', number: 's/n', district: 'Centro Histórico', city: 'Porto Alegre', state: 'RS', postalCode: '90010-150', phonePrefix: '51' },
  { street: 'Avenida Sete de Setembro', number: '2000', district: 'Vitória', city: 'Salvador', state: 'BA', postalCode: '40080-001', phonePrefix: '71' },
  { street: 'Rua do Bom Jesus', number: '197', district: 'Recife', city: 'Recife', state: 'PE', postalCode: '50030-170', phonePrefix: '81' },
  { street: 'Avenida Beira Mar', number: '3000', district: 'Meireles', city: 'Fortaleza', state: 'CE', postalCode: '60165-121', phonePrefix: '85' },
  { street: 'Eixo Monumental', number: 's/n', district: 'Asa Norte', city: 'Brasília', state: 'DF', postalCode: '70070-350', phonePrefix: '61' },
  { street: 'Rua Felipe Schmidt', number: '515', district: 'Centro', city: 'Florianópolis', state: 'SC', postalCode: '88010-001', phonePrefix: '48' },
] as const;

const SHIPPING = ['0.00', '12.90', '19.90', '24.50', '32.00'];
const MAX_LINES = 3;
const MAX_UNITS_PER_LINE = 3;

const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const digits = (random: Random, count: number): string => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/**
 * How buyers pay on the simulated marketplace, by share of orders: most arrive paid (pix,
 * card in instalments, a wallet balance topped up by card); a quarter wait for a boleto or
 * a pix to clear, as on a real marketplace.
 */
const PAYMENT_MIXES: { share: number; payments: (total: string, random: Random) => PaymentInput[] }[] = [
  { share: 0.3, payments: (total, random) => [payment('pix', 'approved', total, random)] },
  { share: 0.3, payments: (total, random) => [{ ...payment('credit_card', 'approved', total, random), installments: 1 + Math.floor(random() * 10) }] },
  { share: 0.15, payments: (total, random) => [payment('boleto', 'pending', total, random)] },
  { share: 0.1, payments: (total, random) => [payment('pix', 'pending', total, random)] },
  {
    share: 0.15,
    payments: (total, random) => {
      const cents = parseMoney(total);
      const balance = BigInt(1000 + Math.floor(random() * 2000));
      const wallet = balance < cents ? balance : cents;
      const card = cents - wallet;
      return [payment('wallet', 'approved', formatMoney(wallet), random), ...(card > 0 ? [payment('credit_card', 'approved', formatMoney(card), random)] : [])];
    },
  },
];

function payment(method: PaymentInput['method'], status: PaymentInput['status'], amount: string, random: Random): PaymentInput {
  return { method, status, amount, transactionId: `SIM-PAY-${digits(random, 12)}` };
}

/** A valid CPF; never one of the repetitions (111.111.111-11) that pass the check digits but are not issued. */
function randomCpf(random: Random): string {
  const base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
  if (base.every((digit) => digit === base[0])) base[8] = (base[0]! + 1) % 10;
  return cpfOf(base);
}

function paymentsFor(total: string, random: Random, pending: boolean): PaymentInput[] {
  if (pending) return [payment('boleto', 'pending', total, random)];
  let roll = random();
  for (const mix of PAYMENT_MIXES) {
    roll -= mix.share;
    if (roll < 0) return mix.payments(total, random);
  }
  return PAYMENT_MIXES[0]!.payments(total, random);
}

/**
 * One order as the simulated marketplace sends it: a buyer with a valid CPF, one of the
 * addresses above, one to three of the offered SKUs within their published quantity, at
 * their `simulador` price, shipping, and a payment mix. `pending: true` makes its payment
 * wait (a boleto), so the order stays `pendente` until the marketplace confirms it.
 */
export function simulatedOrder(offers: readonly Offer[], random: Random, options: { pending?: boolean } = {}): ChannelOrderInput {
  if (offers.length === 0) throw new Error('simulatedOrder needs at least one offer');
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const name = `${first} ${last}`;
  const address = pick(random, ADDRESSES);
  const chosen = [...offers].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * Math.min(MAX_LINES, offers.length)));
  const items = chosen.map((offer) => ({
    sku: offer.sku,
    title: offer.title,
    quantity: 1 + Math.floor(random() * Math.min(MAX_UNITS_PER_LINE, offer.quantity)),
    unitPrice: offer.price,
  }));
  const shipping = pick(random, SHIPPING);
  const total = formatMoney(items.reduce((sum, item) => sum + multiplyMoney(parseMoney(item.unitPrice), item.quantity), parseMoney(shipping)));
  const { phonePrefix, ...rest } = address;
  return {
    channel: SIMULATOR_CHANNEL,
    externalId: `SIM-${digits(random, 14)}`,
    customer: {
      name,
      email: `${first}.${last}.${digits(random, 3)}@example.com`.toLowerCase(),
      phone: `+55 ${phonePrefix} 9${digits(random, 4)}-${digits(random, 4)}`,
      document: randomCpf(random),
    },
    deliveryAddress: { recipient: name, ...rest, country: 'BR' },
    items,
    shipping,
    payments: paymentsFor(total, random, options.pending ?? false),
  };
}
