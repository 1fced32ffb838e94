import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0004 from './0004_ledger';
import * as m0005 from './0005_coins_payments';
import * as m0006 from './0006_payment_idempotency_sandbox';
import * as m0007 from './0007_coin_refunds';
import * as m0008 from './0008_creators_discovery';
import * as m0009 from './0009_outbox';
import * as m0010 from './0010_missions';
import * as m0011 from './0011_mission_lifecycle';
import * as m0012 from './0012_mission_social';
import * as m0013 from './0013_custom_mission_settings';
import * as m0014 from './0014_ledger_append_speed';
import * as m0020 from './0020_creator_review';
import * as m0025 from './0025_lottery_events';
import * as m0026 from './0026_roulette_seeds';
import * as m0030 from './0030_mission_comments';
import * as m0035 from './0035_settlement';
import * as m0040 from './0040_console';
import * as m0042 from './0042_block_objections';
import * as m0050 from './0050_rate_limit_counters';
import * as m0051 from './0051_mission_media_and_actions';
import * as m0052 from './0052_session_versions';
import * as m0053 from './0053_reliability';
import * as m0055 from './0055_refund_bank_accounts';
import * as m0056 from './0056_coin_expiry_warnings';
import * as m0058 from './0058_account_deletion';
import * as m0059 from './0059_creator_reliability';
import * as m0060 from './0060_refund_returns';
import * as m0065 from './0065_login_codes';
import * as m0066 from './0066_payment_sweeper';
import * as m0075 from './0075_review_mail_consumer';
import * as m0105 from './0105_private_files';
import * as m0106 from './0106_media_processing';
import * as m0115 from './0115_mission_action_updates';
import * as m0120 from './0120_payment_reversals';
import * as m0135 from './0135_ledger_append_as_read';
import * as m0145 from './0145_coin_refund_parts';
import * as m0150 from './0150_ledger_append_as_read_inline';
import * as m0151 from './0151_ledger_append_fewer_writes';
import * as m0152 from './0152_ledger_append_group';
import * as m0155 from './0155_demo_world_state';
import * as m0160 from './0160_outbox_trace_parent';
import * as m0165 from './0165_dashboard_days';
import * as m0170 from './0170_settlement_month_totals';
import * as m0175 from './0175_creator_page_totals';
import * as m0180 from './0180_creator_month_earnings';
import * as m0185 from './0185_missions_party_only';
import * as m0190 from './0190_missions_user_newest';
import * as m0195 from './0195_payout_account_changes';
import * as m0210 from './0210_bank_transfer_point';
import * as m0215 from './0215_upload_usage';
import * as m0220 from './0220_dashboard_late_rows';
import * as m0225 from './0225_creator_month_earnings_paying_month';
import * as m0230 from './0230_comment_event_budget_approval';
import * as m0235 from './0235_login_failures';
import * as m0240 from './0240_outbox_partitioned';
import * as m0245 from './0245_data_retention';
import * as m0260 from './0260_payment_console';
import * as m0261 from './0261_bonus_grants';
import * as m0280 from './0280_ledger_purchase_payments';
import * as m0310 from './0310_creator_supporters';
import * as m0320 from './0320_phone_payments';
import * as m0330 from './0330_unsettled_earnings';
import * as m0335 from './0335_ledger_verify_checkpoint';
import * as m0336 from './0336_missions_public_by_status';
import * as m0337 from './0337_missions_party_counts';
import * as m0340 from './0340_console_list_indexes';
import * as m0350 from './0350_creator_page_total_shards';
import * as m0360 from './0360_creator_mission_totals';
import * as m0371 from './0371_creator_supporters_public';
import * as m0372 from './0372_staff_deactivation';
import * as m0373 from './0373_legal_erasure';
import * as m0374 from './0374_popup_images';
import * as m0375 from './0375_upload_reservations';
import * as m0380 from './0380_staff_approvals';
import * as m0381 from './0381_comment_event_budget_setter';
import * as m0382 from './0382_console_list_sort_indexes';
import * as m0390 from './0390_approval_summary_from_params';
import * as m0391 from './0391_approval_reason_optional';
import * as m0393 from './0393_bank_deposit_instructions';
import * as m0394 from './0394_creator_review_refusals';
import * as m0395 from './0395_adult_verification';
import * as m0396 from './0396_terms_versions';
import * as m0397 from './0397_faq_translations';
import * as m0420 from './0420_adult_flag_setter';
import * as m0421 from './0421_approval_legal_erasure';
import * as m0422 from './0422_identity_verification_binding';
import * as m0430 from './0430_staff_relations';
import * as m0440 from './0440_media_renditions';
import * as m0450 from './0450_web_push';
import * as m0460 from './0460_notification_reads';
import * as m0461 from './0461_mission_deadline_reminders';
import * as m0470 from './0470_resumable_uploads';
import * as m0480 from './0480_staff_allowances';
import * as m0490 from './0490_alimtalk_choice';
import * as m0500 from './0500_individual_withholding';
import * as m0510 from './0510_refund_destination';
import * as m0520 from './0520_payout_account_verification';
import * as m0530 from './0530_comment_report_reasons';
import * as m0531 from './0531_event_description_video';
import * as m0540 from './0540_batch_approval_erasure';
import * as m0550 from './0550_cash_receipts';
import * as m0560 from './0560_money_out_rule';
import * as m0570 from './0570_founding_staff_grant';
import * as m0590 from './0590_result_file_account_erasure';
import * as m0610 from './0610_session_end_announced';
import * as m0630 from './0630_notice_mail_limits';
import * as m0631 from './0631_mail_unsubscribe_tokens';
import * as m0640 from './0640_adult_flag_reason';
import * as m0650 from './0650_verified_business_registration';
import * as m0660 from './0660_mission_share_links';
import * as m0670 from './0670_mission_reviews';
import * as m0680 from './0680_creator_capacity';
import * as m0690 from './0690_transfer_batches';
import * as m0700 from './0700_phone_confirmation';
import * as m0730 from './0730_lucky_roll_one_statement';
import * as m0750 from './0750_product_review_summaries';
import * as m0770 from './0770_grouped_member_notices';
import * as m0780 from './0780_tag_translations';

/** Every migration, in order. A static list keeps migrations working under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0004_ledger': m0004,
  '0005_coins_payments': m0005,
  '0006_payment_idempotency_sandbox': m0006,
  '0007_coin_refunds': m0007,
  '0008_creators_discovery': m0008,
  '0009_outbox': m0009,
  '0010_missions': m0010,
  '0011_mission_lifecycle': m0011,
  '0012_mission_social': m0012,
  '0013_custom_mission_settings': m0013,
  '0014_ledger_append_speed': m0014,
  '0020_creator_review': m0020,
  '0025_lottery_events': m0025,
  '0026_roulette_seeds': m0026,
  '0030_mission_comments': m0030,
  '0035_settlement': m0035,
  '0040_console': m0040,
  '0042_block_objections': m0042,
  '0050_rate_limit_counters': m0050,
  '0051_mission_media_and_actions': m0051,
  '0052_session_versions': m0052,
  '0053_reliability': m0053,
  '0055_refund_bank_accounts': m0055,
  '0056_coin_expiry_warnings': m0056,
  '0058_account_deletion': m0058,
  '0059_creator_reliability': m0059,
  '0060_refund_returns': m0060,
  '0065_login_codes': m0065,
  '0066_payment_sweeper': m0066,
  '0075_review_mail_consumer': m0075,
  '0105_private_files': m0105,
  '0106_media_processing': m0106,
  '0115_mission_action_updates': m0115,
  '0120_payment_reversals': m0120,
  '0135_ledger_append_as_read': m0135,
  '0145_coin_refund_parts': m0145,
  '0150_ledger_append_as_read_inline': m0150,
  '0151_ledger_append_fewer_writes': m0151,
  '0152_ledger_append_group': m0152,
  '0155_demo_world_state': m0155,
  '0160_outbox_trace_parent': m0160,
  '0165_dashboard_days': m0165,
  '0170_settlement_month_totals': m0170,
  '0175_creator_page_totals': m0175,
  '0180_creator_month_earnings': m0180,
  '0185_missions_party_only': m0185,
  '0190_missions_user_newest': m0190,
  '0195_payout_account_changes': m0195,
  '0210_bank_transfer_point': m0210,
  '0215_upload_usage': m0215,
  '0220_dashboard_late_rows': m0220,
  '0225_creator_month_earnings_paying_month': m0225,
  '0230_comment_event_budget_approval': m0230,
  '0235_login_failures': m0235,
  '0240_outbox_partitioned': m0240,
  '0245_data_retention': m0245,
  '0260_payment_console': m0260,
  '0261_bonus_grants': m0261,
  '0280_ledger_purchase_payments': m0280,
  '0310_creator_supporters': m0310,
  '0320_phone_payments': m0320,
  '0330_unsettled_earnings': m0330,
  '0335_ledger_verify_checkpoint': m0335,
  '0336_missions_public_by_status': m0336,
  '0337_missions_party_counts': m0337,
  '0340_console_list_indexes': m0340,
  '0350_creator_page_total_shards': m0350,
  '0360_creator_mission_totals': m0360,
  '0371_creator_supporters_public': m0371,
  '0372_staff_deactivation': m0372,
  '0373_legal_erasure': m0373,
  '0374_popup_images': m0374,
  '0375_upload_reservations': m0375,
  '0380_staff_approvals': m0380,
  '0381_comment_event_budget_setter': m0381,
  '0382_console_list_sort_indexes': m0382,
  '0390_approval_summary_from_params': m0390,
  '0391_approval_reason_optional': m0391,
  '0393_bank_deposit_instructions': m0393,
  '0394_creator_review_refusals': m0394,
  '0395_adult_verification': m0395,
  '0396_terms_versions': m0396,
  '0397_faq_translations': m0397,
  '0420_adult_flag_setter': m0420,
  '0421_approval_legal_erasure': m0421,
  '0422_identity_verification_binding': m0422,
  '0430_staff_relations': m0430,
  '0440_media_renditions': m0440,
  '0450_web_push': m0450,
  '0460_notification_reads': m0460,
  '0461_mission_deadline_reminders': m0461,
  '0470_resumable_uploads': m0470,
  '0480_staff_allowances': m0480,
  '0490_alimtalk_choice': m0490,
  '0500_individual_withholding': m0500,
  '0510_refund_destination': m0510,
  '0520_payout_account_verification': m0520,
  '0530_comment_report_reasons': m0530,
  '0531_event_description_video': m0531,
  '0540_batch_approval_erasure': m0540,
  '0550_cash_receipts': m0550,
  '0560_money_out_rule': m0560,
  '0570_founding_staff_grant': m0570,
  '0590_result_file_account_erasure': m0590,
  '0610_session_end_announced': m0610,
  '0630_notice_mail_limits': m0630,
  '0631_mail_unsubscribe_tokens': m0631,
  '0640_adult_flag_reason': m0640,
  '0650_verified_business_registration': m0650,
  '0660_mission_share_links': m0660,
  '0670_mission_reviews': m0670,
  '0680_creator_capacity': m0680,
  '0690_transfer_batches': m0690,
  '0700_phone_confirmation': m0700,
  '0730_lucky_roll_one_statement': m0730,
  '0750_product_review_summaries': m0750,
  '0770_grouped_member_notices': m0770,
  '0780_tag_translations': m0780,
};
