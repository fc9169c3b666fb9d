import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Application users. `role` holds a contracts Role; `modules` the module numbers (1-5). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  fullName: text('full_name').notNull(),
  role: text('role').notNull(),
  modules: integer('modules').array().notNull().default([]),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  /**
   * Raised by every change that must end the user's sessions (password, role, modules,
   * deactivation); access tokens carry it and stop working once it moves on.
   */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
