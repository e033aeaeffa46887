export * from './notify-delivery.schemas';
