// The public surface of `outbox`: the transactional outbox, its relay, transports and consumer runtime
// (infrastructure: no domain module). Other modules import only this file.
export { concerns, defineConsumer, type EventConsumer } from './consumer';
export { createKafka, type KafkaEventsOptions } from './kafka';
export { startKafkaConsumers } from './kafka-transport';
export { parkedEventsByConsumer, readEventsHealth } from './lag';
export { domainEvent, firstTraceIds, outboxRows, recordEvents } from './outbox';
export { DEFAULT_MAX_ATTEMPTS, type ParkedEvent, parkNextEvent } from './dead-letters';
export { pause, type RunningConsumers, startPostgresConsumers } from './postgres-consumers';
export { consumeOutboxBatch, readCheckpoint } from './postgres-transport';
export { type RunningRelay, startRelay } from './relay';
export { type EventsTables } from './table';
