/**
 * The rules a new order must satisfy before it touches the database: documents, address,
 * and the amounts, which the server computes (docs/orders.md, "Model"). Pure, so both
 * interfaces share it and it is tested without a server.
 */
import { validationFailed, type FieldError } from '../errors.js';
import { formatMoney, MONEY_MAX_CENTS, multiplyMoney, parseMoney } from '../money.js';
import {
  isValidCnpj,
  isValidCpf,
  isValidPostalCode,
  isValidUf,
  normalizeDocument,
  normalizePostalCode,
} from './brazilian-documents.js';
import type { Customer, DeliveryAddress } from './order.entity.js';
import type { PaymentMethod, PaymentStatus } from './order-payment.entity.js';
import type { ChannelOrderInput, CreateOrderInput, PaymentInput } from './orders.schemas.js';
import { initialStatus, type OrderStatus } from './status-machine.js';

export interface PreparedItem {
  sku: string;
  title: string;
  quantity: number;
  unitPrice: string;
  discount: string;
  total: string;
}

export interface PreparedPayment {
  method: PaymentMethod;
  status: PaymentStatus;
  amount: string;
  installments: number;
  paidAt: Date | null;
  transactionId: string | null;
}

export interface Amounts {
  items: string;
  shipping: string;
  discount: string;
  total: string;
}

export interface PreparedOrder {
  channel: string;
  externalId: string;
  placedAt: Date | undefined;
  customer: Customer;
  deliveryAddress: DeliveryAddress;
  items: PreparedItem[];
  payments: PreparedPayment[];
  amounts: Amounts;
  status: OrderStatus;
  allowOversell: boolean;
}

const ZERO = '0.00';
/** The largest amount an order stores, as the client would write it. */
const LARGEST = formatMoney(MONEY_MAX_CENTS);

/** Validates and computes; every problem is reported at once, with its JSON pointer. */
export function prepareOrder(input: CreateOrderInput): PreparedOrder {
  const errors: FieldError[] = [...customerErrors(input.customer), ...addressErrors(input.deliveryAddress)];
  const items = input.items.map((item, index) => priceItem(item, index, errors));
  const amounts = totalAmounts(input, items, errors);
  const payments = (input.payments ?? []).map(preparePayment);
  if (errors.length > 0) throw validationFailed(errors, 'The order is not valid');
  return {
    channel: input.channel,
    externalId: input.externalId,
    placedAt: input.placedAt ? new Date(input.placedAt) : undefined,
    customer: {
      name: input.customer.name,
      email: input.customer.email ?? null,
      phone: input.customer.phone ?? null,
      document: normalizeDocument(input.customer.document),
    },
    deliveryAddress: deliveryAddressOf(input.deliveryAddress),
    items,
    payments,
    amounts,
    status: initialStatus(approvedTotal(payments), parseMoney(amounts.total)),
    allowOversell: input.allowOversell ?? false,
  };
}

/**
 * A sale a channel already made (importOrder): the amounts are computed and checked as
 * for any order, but what the channel knows about its buyer is taken as it is: a missing
 * or invalid CPF/CNPJ becomes null, and an address that is not a valid UF or CEP is kept
 * as sent (the sale happened; refusing it would only lose it).
 */
export function prepareChannelOrder(input: ChannelOrderInput): PreparedOrder {
  const errors: FieldError[] = [];
  const items = input.items.map((item, index) => priceItem(item, index, errors));
  const amounts = totalAmounts(input, items, errors);
  const payments = (input.payments ?? []).map(preparePayment);
  if (errors.length > 0) throw validationFailed(errors, 'The channel order is not valid');
  const document = input.customer.document;
  const address = addressErrors(input.deliveryAddress).length === 0 ? deliveryAddressOf(input.deliveryAddress) : keptAddress(input.deliveryAddress);
  return {
    channel: input.channel,
    externalId: input.externalId,
    placedAt: input.placedAt ? new Date(input.placedAt) : undefined,
    customer: {
      name: input.customer.name,
      email: input.customer.email ?? null,
      phone: input.customer.phone ?? null,
      document: document && (isValidCpf(document) || isValidCnpj(document)) ? normalizeDocument(document) : null,
    },
    deliveryAddress: address,
    items,
    payments,
    amounts,
    status: initialStatus(approvedTotal(payments), parseMoney(amounts.total)),
    allowOversell: false,
  };
}

function keptAddress(address: ChannelOrderInput['deliveryAddress']): DeliveryAddress {
  return { ...address, complement: address.complement ?? null, country: address.country ?? 'BR' };
}

export function preparePayment(payment: PaymentInput): PreparedPayment {
  return {
    method: payment.method,
    status: payment.status,
    amount: formatMoney(parseMoney(payment.amount)),
    installments: payment.installments ?? 1,
    paidAt: payment.paidAt ? new Date(payment.paidAt) : null,
    transactionId: payment.transactionId ?? null,
  };
}

/** What approved payments add up to, in cents. */
export function approvedTotal(payments: readonly { status: PaymentStatus; amount: string }[]): bigint {
  return payments.filter((payment) => payment.status === 'approved').reduce((sum, payment) => sum + parseMoney(payment.amount), 0n);
}

// The validators trim, and normalizeDocument drops the spaces with the mask.
function customerErrors(customer: CreateOrderInput['customer']): FieldError[] {
  return isValidCpf(customer.document) || isValidCnpj(customer.document)
    ? []
    : [{ path: '/customer/document', message: 'is not a valid CPF or CNPJ (check digits)' }];
}

// CEP and UF are Brazilian notions: an address abroad keeps what the channel sent.
function addressErrors(address: CreateOrderInput['deliveryAddress']): FieldError[] {
  if ((address.country ?? 'BR') !== 'BR') return [];
  const errors: FieldError[] = [];
  if (!isValidUf(address.state)) errors.push({ path: '/deliveryAddress/state', message: 'is not a UF (two upper-case letters, e.g. SP)' });
  if (!isValidPostalCode(address.postalCode)) {
    errors.push({ path: '/deliveryAddress/postalCode', message: 'is not a CEP (8 digits, hyphen optional)' });
  }
  return errors;
}

function deliveryAddressOf(address: CreateOrderInput['deliveryAddress']): DeliveryAddress {
  const country = address.country ?? 'BR';
  return {
    ...address,
    complement: address.complement ?? null,
    postalCode: country === 'BR' ? normalizePostalCode(address.postalCode) : address.postalCode,
    country,
  };
}

function priceItem(item: CreateOrderInput['items'][number], index: number, errors: FieldError[]): PreparedItem {
  const gross = multiplyMoney(parseMoney(item.unitPrice), item.quantity);
  const discount = parseMoney(item.discount ?? ZERO);
  if (discount > gross) errors.push({ path: `/items/${index}/discount`, message: 'exceeds the line\'s quantity × unitPrice' });
  else if (gross - discount > MONEY_MAX_CENTS) errors.push({ path: `/items/${index}`, message: `its total is more than ${LARGEST}` });
  return {
    sku: item.sku,
    title: item.title ?? item.sku,
    quantity: item.quantity,
    unitPrice: formatMoney(parseMoney(item.unitPrice)),
    discount: formatMoney(discount),
    // An over-discounted line is already reported; zero keeps the sums computable meanwhile.
    total: formatMoney(discount > gross ? 0n : gross - discount),
  };
}

function totalAmounts(input: Pick<CreateOrderInput, 'shipping' | 'discount' | 'total'>, items: PreparedItem[], errors: FieldError[]): Amounts {
  const itemsTotal = items.reduce((sum, item) => sum + parseMoney(item.total), 0n);
  const shipping = parseMoney(input.shipping ?? ZERO);
  const discount = parseMoney(input.discount ?? ZERO);
  const total = itemsTotal + shipping - discount;
  if (total < 0n) errors.push({ path: '/discount', message: 'exceeds items plus shipping' });
  // Each line within the largest amount can still add up past it; reported once, where it happens.
  if (itemsTotal > MONEY_MAX_CENTS) errors.push({ path: '/items', message: `the lines add up to more than ${LARGEST}` });
  else if (total > MONEY_MAX_CENTS) errors.push({ path: '/shipping', message: `items plus shipping come to more than ${LARGEST}` });
  if (input.total !== undefined && parseMoney(input.total) !== total) {
    errors.push({ path: '/total', message: `disagrees with the computed total ${formatMoney(total)} (items + shipping − discount)` });
  }
  return { items: formatMoney(itemsTotal), shipping: formatMoney(shipping), discount: formatMoney(discount), total: formatMoney(total) };
}
