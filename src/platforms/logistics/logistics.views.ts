import type { CarrierChatMessage, TrackingEvent } from './shipment.entity.js';
import type { TrackedShipment } from './shipment.service.js';

export const trackingEventView = (event: TrackingEvent) => ({
  id: event.id,
  status: event.status,
  description: event.description,
  location: event.location,
  at: event.at.toISOString(),
  recordedAt: event.recordedAt.toISOString(),
});

export const shipmentView = ({ shipment, trackingEvents }: TrackedShipment) => ({
  id: shipment.id,
  order: shipment.order,
  carrier: shipment.carrier,
  trackingCode: shipment.trackingCode,
  trackingUrl: shipment.trackingUrl,
  status: shipment.status,
  createdAt: shipment.createdAt.toISOString(),
  updatedAt: shipment.updatedAt.toISOString(),
  trackingEvents: trackingEvents.map(trackingEventView),
});

export const chatMessageView = (message: CarrierChatMessage) => ({
  id: message.id,
  order: message.order,
  sender: message.sender,
  authorName: message.authorName,
  message: message.message,
  createdAt: message.createdAt.toISOString(),
});
