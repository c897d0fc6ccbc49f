import type { InfoSlug } from "./info-slugs";

/**
 * The store's information pages (DESIGN §7.5: no dead links). One consistent set of promises: orders ship in 1-2
 * business days and arrive in 3-5; shipping is free over $50 and on every VSOP pre-order; returns within 30 days.
 */
export interface InfoPage {
  title: string;
  description: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const infoPages: Record<InfoSlug, InfoPage> = {
  shipping: {
    title: "Shipping",
    description: "Free shipping over $50 and on every VSOP pre-order. Orders ship in 1-2 business days and arrive in 3-5.",
    intro: "We pack and ship from our warehouse on business days. Here is what to expect once you place an order.",
    sections: [
      { heading: "How fast", paragraphs: ["Orders ship within 1-2 business days and arrive 3-5 business days after that. You get an email with your order details when you pay, and another when your order ships."] },
      { heading: "What it costs", paragraphs: ["Shipping is free on orders over $50 and on every VSOP pre-order. Below $50 we still ship for free while our launch offer lasts; any change will be shown in your cart before you pay."] },
      { heading: "Pre-orders", paragraphs: ["VSOP pre-orders ship together on the release date shown on the VSOP page. If an order mixes pre-order and in-stock items, we ship it all on the release date unless you place two orders."] },
      { heading: "Where we ship", paragraphs: ["We ship to the United States, Canada and the United Kingdom. Prices are in US dollars."] },
    ],
  },
  returns: {
    title: "Returns",
    description: "Free returns within 30 days of delivery, on unworn items with their tags.",
    intro: "Changed your mind or need another size? Returns are free within 30 days of delivery.",
    sections: [
      { heading: "What you can return", paragraphs: ["Unworn, unwashed items with their tags, within 30 days of delivery. Socks and underwear are final sale for hygiene reasons unless faulty."] },
      { heading: "How to return", paragraphs: ["Write to us through the contact page with your order number. We email a prepaid label; drop the parcel at any carrier point."] },
      { heading: "Refunds", paragraphs: ["We refund to your original payment method within 5 business days of receiving the return. Exchanges ship as soon as the return is scanned."] },
    ],
  },
  faq: {
    title: "Frequently Asked Questions",
    description: "Answers about orders, sizing, VSOP pre-orders, shipping and returns.",
    intro: "Quick answers to the questions we hear most.",
    sections: [
      { heading: "When will my order arrive?", paragraphs: ["Orders ship in 1-2 business days and arrive 3-5 business days later. VSOP pre-orders ship on the release date."] },
      { heading: "How do I find my size?", paragraphs: ["Use our size guide or ask the AI style assistant on any product page; it reads measurements in inches or centimetres."] },
      { heading: "Is my pre-order guaranteed?", paragraphs: ["Yes. When you pay, your size is reserved from the limited run. If we ever cannot fulfil it, you get a full refund."] },
      { heading: "Can I change or cancel an order?", paragraphs: ["Contact us as soon as possible. We can change or cancel any order that has not shipped yet."] },
      { heading: "Do you offer discounts?", paragraphs: ["Join our newsletter for drop news and occasional offers. Codes are entered at checkout."] },
    ],
  },
  sustainability: {
    title: "Sustainability",
    description: "Small runs, better materials and clothes made to last.",
    intro: "The most sustainable garment is the one you keep wearing. We design for that.",
    sections: [
      { heading: "Make less, sell what we make", paragraphs: ["VSOP is produced in numbered runs sized to pre-orders, so nothing is made to be discounted and discarded."] },
      { heading: "Materials", paragraphs: ["We use organic cotton for baby and many everyday pieces, recycled polyester for performance wear and long-lasting heavyweight fabrics for hoodies."] },
      { heading: "Care", paragraphs: ["Washing cold and drying on a line doubles the life of most clothes. Our care guide on the blog explains how."] },
    ],
  },
  stores: {
    title: "Stores",
    description: "We are online first; pop-ups follow each VSOP drop.",
    intro: "We are an online store, which keeps our prices fair and our runs small.",
    sections: [
      { heading: "Pop-ups", paragraphs: ["We hold short pop-ups around VSOP releases. Dates and cities are announced to the VIP list and on our social channels first."] },
      { heading: "Try on at home", paragraphs: ["With free returns within 30 days, your home is the fitting room. Order two sizes if you are unsure and send one back."] },
    ],
  },
  careers: {
    title: "Careers",
    description: "Work with a small team building a better apparel store.",
    intro: "We are a small team of designers, engineers and customer care people.",
    sections: [
      { heading: "How we work", paragraphs: ["Small, focused teams; decisions written down; customers first. We hire for care and curiosity."] },
      { heading: "Open roles", paragraphs: ["We have no open roles right now. Send us a note through the contact page with \"Something else\" as the topic and we will keep you in mind."] },
    ],
  },
  privacy: {
    title: "Privacy Policy",
    description: "What we collect, why, and your choices.",
    intro: "We collect only what we need to run the store, and we never sell your data.",
    sections: [
      { heading: "What we collect", paragraphs: ["Your account details (name, username, email), orders and shipping addresses, newsletter sign-ups and messages you send us. Card details go to our payment provider and never touch our servers' storage."] },
      { heading: "Cookies", paragraphs: ["We use a session cookie to keep you signed in and a cart cookie to remember your cart. Both are HttpOnly. Analytics events are collected only through our tag manager when it is enabled."] },
      { heading: "Your choices", paragraphs: ["You can edit your profile in your account, unsubscribe from emails at any time and ask us to delete your data through the contact page."] },
    ],
  },
  terms: {
    title: "Terms of Service",
    description: "The terms for buying from our store.",
    intro: "By placing an order you agree to these terms.",
    sections: [
      { heading: "Orders and prices", paragraphs: ["Prices are in US dollars and include everything shown at checkout: subtotal, any discount, shipping and 8% tax. An order is confirmed when payment succeeds."] },
      { heading: "Pre-orders", paragraphs: ["Pre-orders reserve limited stock and are charged when placed. They ship on the published release date."] },
      { heading: "Returns", paragraphs: ["See our returns page: 30 days, free, on unworn items with tags."] },
    ],
  },
  accessibility: {
    title: "Accessibility",
    description: "Our commitment to an accessible store (WCAG 2.2 AA).",
    intro: "Everyone should be able to shop with us. We build to WCAG 2.2 level AA.",
    sections: [
      { heading: "What we do", paragraphs: ["Every page works with a keyboard, has visible focus, labelled controls, sufficient contrast in light and dark themes, and respects reduced-motion settings. We test pages automatically with axe."] },
      { heading: "Tell us", paragraphs: ["If something gets in your way, write to us through the contact page. We answer within two business days and fix what we can quickly."] },
    ],
  },
  quality: {
    title: "Premium Quality",
    description: "How we choose fabrics and test every piece.",
    intro: "Quality is in the parts you don't see: seams, fabric weight and finishing.",
    sections: [
      { heading: "Fabric first", paragraphs: ["Heavyweight loopback cotton for hoodies, combed cotton jersey for tees, rigid and comfort-stretch denim that recovers instead of bagging."] },
      { heading: "Tested", paragraphs: ["Each style is washed twenty times in testing to check shrinkage, colour and shape before it goes on sale."] },
      { heading: "Backed", paragraphs: ["If a seam fails in normal wear within a year, we repair or replace the piece."] },
    ],
  },
  designs: {
    title: "Unique Designs",
    description: "Original graphics and considered cuts from our studio.",
    intro: "Everything starts as a sketch in our studio; nothing is a blank with a logo.",
    sections: [
      { heading: "Our process", paragraphs: ["Sketch, sample, wear-test, revise. A hoodie takes four to six samples before we are happy with the fit."] },
      { heading: "Small runs", paragraphs: ["Limited VSOP drops let us try bolder ideas. The best ones come back as core pieces."] },
    ],
  },
};

