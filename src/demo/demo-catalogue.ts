import type { ProductInput } from '../catalog/catalog.schemas.js';
import { SIMULATOR_CHANNEL } from '../simulator/sandbox.js';

// The demo seller's data. README.md's first requests name these channels and SKUs: change
// them together (test/demo/first-run.test.ts runs the README's requests as printed).

export const DEMO_SELLER = 'Demo seller';
export const DEMO_APPLICATION = 'Demo app';

export const DEMO_CHANNELS = [
  { code: 'loja-propria', name: 'Loja própria' },
  { code: 'venda-assistida', name: 'Venda assistida' },
] as const;

// Listed on the sandbox seller's simulated marketplace too, so `ponte trigger` sells them there.
const everyChannel = [...DEMO_CHANNELS.map((channel) => channel.code), SIMULATOR_CHANNEL];

export const DEMO_PRODUCTS: (ProductInput & { price: string; onHand: number })[] = [
  { sku: 'CANECA-PONTE', title: 'Caneca Ponte 300 ml', brand: 'Ponte', publicationStatus: 'published', channels: everyChannel, price: '49.90', onHand: 50 },
  { sku: 'CAMISETA-AZUL-M', title: 'Camiseta azul M', brand: 'Ponte', publicationStatus: 'published', channels: everyChannel, price: '79.90', onHand: 20 },
  { sku: 'MOCHILA-URBANA', title: 'Mochila urbana 20 L', brand: 'Ponte', publicationStatus: 'published', channels: everyChannel, price: '199.90', onHand: 8 },
];
