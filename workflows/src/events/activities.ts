// The activities of the lottery event workflow. Their implementations live in services (services/src/events): each
// is one DB transaction that locks the event row, checks the state it starts from and writes the new state with its
// domain events. Run again after a commit whose answer was lost, each changes nothing and answers the same.
import type { EventActionRefusal } from './refusals';

export type IsoInstant = string;

export interface EventDates {
  applyStart: string;
  applyEnd: string;
  eventEnd: string;
}

export interface EventSchedule {
  applyStartAt: IsoInstant;
  applyEndAt: IsoInstant;
  drawDeadlineAt: IsoInstant;
  eventEndAt: IsoInstant;
}

export interface EventEdit {
  title: string;
  name: string;
  description: string;
  drawNumber: number;
  dates: EventDates;
  descriptionPictureId: number;
  /** The description video (null: none); left out by edits sent before events had one, which keep it as it is. */
  descriptionVideoId?: number | null;
}

/** The draw's counts after a change, or the reason it was refused. */
export interface DrawOutcome {
  refused?: EventActionRefusal;
  pickedNumber: number;
  drawNumber: number;
  applyNumber: number;
  drawable: boolean;
  picked: number[];
}

export interface FinishDrawResult {
  refused?: EventActionRefusal;
  winners: number[];
}

export interface EventActivities {
  /** CREATED: replaces the event's fields and dates (the API checked them). */
  editEvent(input: { productId: number; edit: EventEdit; at: IsoInstant }): Promise<void>;
  /** CREATED → APPLYING. */
  openApplications(input: { productId: number; at: IsoInstant }): Promise<void>;
  /** APPLYING → DRAWING: freezes the entry list and publishes its hash. */
  closeApplications(input: { productId: number; at: IsoInstant }): Promise<{ applyNumber: number }>;
  pickApplicant(input: { productId: number; missionId: number; at: IsoInstant }): Promise<DrawOutcome>;
  unpickApplicant(input: { productId: number; missionId: number; at: IsoInstant }): Promise<DrawOutcome>;
  /** Fills the remaining picks with provably fair random choices. */
  randomPickRest(input: { productId: number; at: IsoInstant }): Promise<DrawOutcome>;
  /**
   * DRAWING → DRAWN: winners ACCEPTED (prize due at `prizeDueAt`), the others REJECTED (NOT_WON), seed revealed.
   * `automatic` (the 14-day rule) first fills the remaining picks at random; otherwise an incomplete draw is refused.
   */
  finishDraw(input: {
    productId: number;
    automatic: boolean;
    at: IsoInstant;
    prizeDueAt: IsoInstant;
  }): Promise<FinishDrawResult>;
  /** → CANCELED: applications not yet delivered are REJECTED (CANCELED); the applicants are told. */
  cancelEvent(input: { productId: number; at: IsoInstant }): Promise<void>;
  /** DRAWN → CLOSED. */
  closeEvent(input: { productId: number; at: IsoInstant }): Promise<void>;
}
