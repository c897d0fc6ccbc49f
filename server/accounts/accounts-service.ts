import type { MailingDeps } from "../mail/mail-deps";
import { getAccountOrder, listAccountOrders } from "../orders/account-orders";
import { getInvoice } from "../orders/invoice";
import type { PublicStore } from "../../shared/store-settings";
import { withDeps } from "../with-deps";
import { deleteAccount, exportAccountData } from "./account-data";
import { addAddress, deleteAddress, listAddresses, updateAddress } from "./addresses";
import { confirmEmail, confirmEmailChange, requestEmailChange, resendVerification, sendVerification } from "./email-verification";
import { addFavorite, listFavorites, removeFavorite } from "./favorites";
import { addPasskey, listPasskeys, passkeyRegistrationOptions, passkeySignInOptions, removePasskey, signInWithPasskey } from "./passkeys";
import { changePassword, requestPasswordReset, resetPassword } from "./password-reset";
import { updateProfile } from "./profile";
import { deleteOldAttempts } from "./rate-limit";
import { deleteExpiredSessions, deleteSession, endAllSessions, endSessionByKey, findSessionUser, listSessions } from "./sessions";
import { register, signIn } from "./sign-in";

export interface AccountsDeps extends MailingDeps {
  /** How long a staff member's second factor counts for a step-up (STAFF_STEP_UP_SECONDS). */
  stepUpMs: number;
  /** The seller as the settings say now, printed on the shopper's invoices. */
  store: () => Promise<PublicStore>;
}

/**
 * A shopper's account (DESIGN §6): sign-up and sign-in, sessions, the email and password, passkeys, the address book,
 * favourites, their own orders and invoices, and their data (export, deletion).
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, now, storeUrl, storeIdentity, stepUpMs, store } = deps;
  const mailing = { db, mailer: deps.mailer, logger: deps.logger, now, storeUrl, storeIdentity };
  const clocked = { db, now };
  return {
    signIn: withDeps(clocked, signIn),
    /** A new account, signed in at once, and a link to confirm its email. */
    register: async (args: Omit<Parameters<typeof register>[0], "db" | "now">) => {
      const signedIn = await register({ ...clocked, ...args });
      await sendVerification({ ...mailing, user: signedIn.user });
      return signedIn;
    },
    confirmEmail: withDeps(mailing, confirmEmail),
    resendVerification: withDeps(mailing, resendVerification),
    requestEmailChange: withDeps(mailing, requestEmailChange),
    confirmEmailChange: withDeps(mailing, confirmEmailChange),
    findSessionUser: withDeps({ ...clocked, stepUpMs }, findSessionUser),
    signOut: withDeps({ db }, deleteSession),
    requestPasswordReset: withDeps(mailing, requestPasswordReset),
    resetPassword: withDeps(mailing, resetPassword),
    changePassword: withDeps(mailing, changePassword),
    listSessions: withDeps(clocked, listSessions),
    endSession: withDeps({ db }, endSessionByKey),
    endAllSessions: withDeps({ db }, endAllSessions),
    exportData: withDeps(clocked, exportAccountData),
    listPasskeys: withDeps({ db }, listPasskeys),
    passkeyRegistrationOptions: async (args: { userId: string }) => passkeyRegistrationOptions({ ...clocked, storeUrl, storeName: (await storeIdentity()).name, ...args }),
    addPasskey: withDeps({ ...clocked, storeUrl }, addPasskey),
    removePasskey: withDeps({ db }, removePasskey),
    passkeySignInOptions: () => passkeySignInOptions({ ...clocked, storeUrl }),
    signInWithPasskey: withDeps({ ...clocked, storeUrl }, signInWithPasskey),
    listAddresses: withDeps({ db }, listAddresses),
    addAddress: withDeps({ db }, addAddress),
    updateAddress: withDeps({ db }, updateAddress),
    deleteAddress: withDeps({ db }, deleteAddress),
    deleteAccount: withDeps(mailing, deleteAccount),
    updateProfile: withDeps(clocked, updateProfile),
    listFavorites: withDeps({ db }, listFavorites),
    addFavorite: withDeps({ db }, addFavorite),
    removeFavorite: withDeps({ db }, removeFavorite),
    listOrders: withDeps({ db }, listAccountOrders),
    getOrder: withDeps(clocked, getAccountOrder),
    /** The invoice of one of the shopper's paid orders, with the seller as the settings say now. */
    getInvoice: (args: { userId: string; orderNumber: string }) => getInvoice({ db, store, ...args }),
    /** Drops expired sessions and day-old rate-limit records. */
    tidy: async () => {
      await deleteExpiredSessions(clocked);
      await deleteOldAttempts(db, now);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
