import { eq } from "drizzle-orm";
import { type CatalogChanges, publishingChangedProducts } from "../cache/catalog-changes";
import type { SharedReads } from "../catalog/shared-reads";
import type { Database } from "../db/client";
import { users, type ReviewRow, type ReviewStatus } from "../db/schema";
import type { Logger } from "../logger";
import type { StoreInfo } from "../mail/components/layout";
import type { Mailer } from "../mail/mailer";
import { noticeEmail } from "../mail/notice-email";
import { deleteReview, editReview, listProductReviews, productFit, reviewEligibility, reviewSummary, writeReview } from "./reviews";
import type { ReviewInput, ReviewListQuery } from "./review-schemas";
import { getStaffReview, listStaffReviews, publishReview, rejectReview, replyToReview } from "./staff-reviews";

interface ReviewDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  store: StoreInfo;
  /** Where a review's change to a product's rating is published (decision 0022). */
  catalogChanges: CatalogChanges;
  /** A product's first page of reviews is the same for everyone: shared like the catalogue reads. */
  sharedReads: SharedReads;
}

/** Tells the author what staff decided; after the decision is saved, and a mail failure is only logged. */
async function tellAuthor({ db, mailer, logger, store }: ReviewDeps, review: ReviewRow, productName: string) {
  try {
    const [author] = await db.select({ email: users.email }).from(users).where(eq(users.id, review.userId));
    if (!author) return;
    const url = `${store.storeUrl}/product/${review.productId}#reviews`;
    const message =
      review.status === "published"
        ? await noticeEmail({ ...store, to: author.email, subject: `Your review of ${productName} is live`, heading: "Thank you for your review", paragraphs: [`Your review "${review.title}" of the ${productName} is now on its page, marked as a verified purchase.`], action: { label: "See your review", url } })
        : await noticeEmail({
            ...store,
            to: author.email,
            subject: `We couldn't publish your review of ${productName}`,
            heading: "Your review wasn't published",
            paragraphs: [`We couldn't publish your review "${review.title}" of the ${productName}.`, `The reason: ${review.rejectReason ?? "it broke our review rules"}.`, "We publish every honest review, good or bad; you can edit yours from the product page and we'll look at it again."],
            action: { label: "Edit your review", url },
          });
    await mailer.send(message);
  } catch (err) {
    logger.error({ err, reviewId: review.id }, "review decision email failed");
  }
}

/** Verified-purchase reviews (issue 18): what the product page, the buyer and staff call. */
export function createReviewService(deps: ReviewDeps) {
  const { db, now, sharedReads } = deps;
  /** A shopper's write publishes the product whose rating it changed, and only that one (decision 0022). */
  const publishing = <A extends unknown[], R>(service: (...args: A) => Promise<R>) => publishingChangedProducts(deps.catalogChanges, service);
  return {
    list: sharedReads.share((args: { productId: number; query: ReviewListQuery }) => listProductReviews({ db, ...args })),
    summary: (productId: number) => reviewSummary(db, productId),
    productFit: (productId: number) => productFit(db, productId),
    eligibility: (args: { userId: string; productId: number }) => reviewEligibility({ db, ...args }),
    write: publishing((args: { userId: string; productId: number; input: ReviewInput }) => writeReview({ db, now: now(), ...args })),
    edit: publishing((args: { userId: string; reviewId: string; input: ReviewInput }) => editReview({ db, now: now(), ...args })),
    remove: publishing((args: { userId: string; reviewId: string }) => deleteReview({ db, ...args })),
    staff: {
      list: (args: { status: ReviewStatus; page: number }) => listStaffReviews({ db, ...args }),
      publish: async (args: { id: string; actor: string }) => {
        const { before, after } = await publishReview({ db, now: now(), ...args });
        const review = await getStaffReview(db, args.id);
        if (before.status !== "published") await tellAuthor(deps, after, review.productName);
        return review;
      },
      reject: async (args: { id: string; reason: string; actor: string }) => {
        const { after } = await rejectReview({ db, now: now(), ...args });
        const review = await getStaffReview(db, args.id);
        await tellAuthor(deps, after, review.productName);
        return review;
      },
      reply: async (args: { id: string; reply: string; actor: string }) => {
        await replyToReview({ db, now: now(), ...args });
        return getStaffReview(db, args.id);
      },
    },
  };
}
