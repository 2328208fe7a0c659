import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { orders } from "../orders/tables";
import { reviews } from "../reviews/tables";
import { insertOrder, insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, lastMail, linkIn, sessionCookie, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { session, user } from "./tables";

const photo = "/uploads/0123456789abcdef0123456789abcdef.webp";

describeEachDatabase("account settings", (env) => {
  // Better Auth limits sign-in and password or email changes per client address: each test its own.
  // (The limits may be shared through Redis by both databases' runs: a network of this run's own.)
  const network = randomInt(1, 250);
  let clients = 0;
  let client = { remoteAddress: "10.7.0.1" };
  beforeEach(() => {
    clients += 1;
    client = { remoteAddress: `10.${network}.${clients}.1` };
  });
  const auth = (who: TestUser | undefined, path: string, body: unknown) =>
    call(env.app, "POST", `/api/auth/${path}`, who, body, client);
  const signIn = (email: string, password: string) =>
    env.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: testOrigin },
      payload: { email, password },
      remoteAddress: client.remoteAddress,
    });
  const me = async (who: TestUser) =>
    (await call(env.app, "GET", "/api/auth/get-session", who)).json()?.user as
      | { name: string; email: string; image: string | null }
      | undefined;
  const profileBody = (img: string) => ({
    name: "Profile Name",
    email: "ignored@example.com",
    education: "Bachelor",
    location: "Dhaka",
    phone: "+8801712345678",
    linkedIn: "https://www.linkedin.com/in/someone",
    img,
  });

  it("refuses anonymous callers with 401", async () => {
    expect((await call(env.app, "GET", "/api/account/export")).statusCode).toBe(401);
    expect((await call(env.app, "DELETE", "/api/account", undefined, { password: "x" })).statusCode).toBe(
      401,
    );
    const body = { currentPassword: "whatever-1", newPassword: "long-enough-1" };
    expect((await auth(undefined, "change-password", body)).statusCode).toBe(401);
    expect((await auth(undefined, "change-email", { newEmail: "a@example.com" })).statusCode).toBe(401);
  });

  it("changes the name under the sign-up rules, and refuses an empty one or a remote picture", async () => {
    const ann = await signUp(env.app);
    const ok = await auth(ann, "update-user", { name: "  Ann Driver  " });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(ann))?.name).toBe("Ann Driver");
    const empty = await auth(ann, "update-user", { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message ?? empty.json().error).toMatch(/Name is Required/);
    const remote = await auth(ann, "update-user", {
      image: "https://evil.example/a.png",
    });
    expect(remote.statusCode).toBe(400);
    expect((await me(ann))?.image).toBeNull();
  });

  it("changes the password with the current one, signs the other sessions out, and refuses a wrong one", async () => {
    const bea = await signUp(env.app);
    const otherDevice = sessionCookie((await signIn(bea.email, bea.password)).headers["set-cookie"]);
    const wrong = await auth(bea, "change-password", {
      currentPassword: "not-my-password",
      newPassword: "brand-new-pass-2",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("That is not your current password");
    const short = await auth(bea, "change-password", {
      currentPassword: bea.password,
      newPassword: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/Must be 8 characters/);
    expect((await signIn(bea.email, bea.password)).statusCode).toBe(200);

    const res = await auth(bea, "change-password", {
      currentPassword: bea.password,
      newPassword: "brand-new-pass-2",
      revokeOtherSessions: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(bea.email, bea.password)).statusCode).toBe(401);
    expect((await signIn(bea.email, "brand-new-pass-2")).statusCode).toBe(200);
    const old = await call(env.app, "GET", "/api/account/export", { ...bea, cookie: otherDevice });
    expect(old.statusCode).toBe(401);
    const kept = await call(env.app, "GET", "/api/account/export", {
      ...bea,
      cookie: sessionCookie(res.headers["set-cookie"]),
    });
    expect(kept.statusCode).toBe(200);
  });

  it("changes the email only once the link mailed to the new address is opened; the profile follows", async () => {
    const cai = await signUp(env.app);
    expect((await call(env.app, "POST", "/api/myProfile", cai, profileBody(photo))).statusCode).toBe(201);
    const newEmail = `cai.new.${Date.now()}@example.com`;
    const bad = await auth(cai, "change-email", { newEmail: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    const res = await auth(cai, "change-email", {
      newEmail,
      callbackURL: "/dashboard/account?email-changed=1",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cai))?.email).toBe(cai.email);
    expect((await signIn(newEmail, cai.password)).statusCode).toBe(401);

    const mail = await lastMail(env.app, newEmail, "change-email");
    expect(mail.subject).toBe("Confirm your new email for Car Mechanic");
    const opened = await call(env.app, "GET", linkIn(mail.text, "/api/auth/verify-email"), cai);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/dashboard/account?email-changed=1");
    expect((await signIn(newEmail, cai.password)).statusCode).toBe(200);
    expect((await signIn(cai.email, cai.password)).statusCode).toBe(401);
    const profile = await call(env.app, "GET", "/api/myProfile", {
      ...cai,
      cookie: sessionCookie(opened.headers["set-cookie"]) || cai.cookie,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().email).toBe(newEmail);
  });

  it("does not tell whether another account has the new address: same answer, no mail, no change", async () => {
    const dan = await signUp(env.app);
    const eve = await signUp(env.app);
    const res = await auth(dan, "change-email", { newEmail: eve.email });
    expect(res.statusCode).toBe(200);
    await expect(lastMail(env.app, eve.email, "change-email")).rejects.toThrow();
    expect((await me(dan))?.email).toBe(dan.email);
  });

  it("exports the caller's own account, profile, orders and reviews, and nobody else's", async () => {
    const fay = await signUp(env.app);
    const gus = await signUp(env.app);
    const tool = await insertTool(env.db);
    const mine = await insertOrder(env.db, tool, fay, { status: "shipped" });
    await insertOrder(env.db, tool, gus);
    await call(env.app, "POST", "/api/myProfile", fay, profileBody(photo));
    const review = { name: fay.name, email: fay.email, description: "Great torque wrench", rating: 5 };
    expect((await call(env.app, "POST", "/api/review", fay, review)).statusCode).toBe(201);
    await call(env.app, "POST", "/api/review", gus, { ...review, description: "Gus's words" });

    const res = await call(env.app, "GET", "/api/account/export", fay);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const data = res.json();
    expect(data.account).toMatchObject({
      name: fay.name,
      email: fay.email,
      emailVerified: true,
      role: "user",
    });
    expect(data.account.signInMethods).toEqual([{ method: "credential", since: expect.any(String) }]);
    expect(data.profile).toMatchObject({ name: "Profile Name", email: fay.email, phone: "+8801712345678" });
    expect(data.portfolio).toBeNull();
    expect(data.orders.map((o: { _id: string }) => o._id)).toEqual([mine.id]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ description: "Great torque wrench", rating: 5 }),
    ]);
    expect(JSON.stringify(data)).not.toContain(gus.email);
    expect(JSON.stringify(data)).not.toContain("password");
  });

  it("deletes the account with its password: orders kept without the buyer, the rest erased, no more sign-in", async () => {
    const hal = await signUp(env.app);
    const halId = await userIdOf(env.db, hal.email);
    const tool = await insertTool(env.db);
    const shipped = await insertOrder(env.db, tool, hal, { status: "shipped" });
    const pending = await insertOrder(env.db, tool, hal);
    await call(env.app, "POST", "/api/myProfile", hal, profileBody(photo));
    await call(env.app, "POST", "/api/review", hal, {
      name: hal.name,
      email: hal.email,
      description: "Fine",
      rating: 4,
    });

    const wrong = await call(env.app, "DELETE", "/api/account", hal, { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "That is not your current password" });
    expect((await call(env.app, "DELETE", "/api/account", hal, {})).statusCode).toBe(400);
    const busy = await call(env.app, "DELETE", "/api/account", hal, { password: hal.password });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/still unpaid or waiting to ship/);

    await env.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, pending.id));
    const res = await call(env.app, "DELETE", "/api/account", hal, { password: hal.password });
    expect(res.statusCode, res.body).toBe(204);

    const kept = await env.db.select().from(orders).where(eq(orders.id, shipped.id));
    expect(kept).toEqual([
      expect.objectContaining({
        userId: null,
        name: "Deleted account",
        email: "",
        phone: "",
        address: "",
        status: "shipped",
        transactionId: shipped.transactionId,
        unitPriceCents: shipped.unitPriceCents,
        quantity: shipped.quantity,
      }),
    ]);
    expect(await env.db.$count(orders, eq(orders.email, hal.email))).toBe(0);
    expect(await env.db.$count(user, eq(user.id, halId))).toBe(0);
    expect(await env.db.$count(session, eq(session.userId, halId))).toBe(0);
    expect(await env.db.$count(reviews, eq(reviews.email, hal.email))).toBe(0);
    expect((await call(env.app, "GET", `/api/myProfile?email=${hal.email}`)).statusCode).toBe(404);
    expect((await call(env.app, "GET", "/api/account/export", hal)).statusCode).toBe(401);
    expect((await signIn(hal.email, hal.password)).statusCode).toBe(401);
  });
});

describeEachDatabase(
  "deleting an account: its photos",
  (env) => {
    const upload = async (who: TestUser): Promise<string> => {
      const boundary = "----cm-settings-test";
      const image = await sharp({
        create: { width: 20, height: 20, channels: 3, background: { r: 10, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await call(env.app, "POST", "/api/upload", who, payload, {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.url;
    };
    const served = async (url: string) => (await call(env.app, "GET", url)).statusCode;

    it("deletes every photo a user uploaded, and their files", async () => {
      const ivy = await signUp(env.app);
      const [picture, other] = [await upload(ivy), await upload(ivy)];
      await call(env.app, "POST", "/api/auth/update-user", ivy, { image: picture });
      expect([await served(picture), await served(other)]).toEqual([200, 200]);
      const res = await call(env.app, "DELETE", "/api/account", ivy, { password: ivy.password });
      expect(res.statusCode, res.body).toBe(204);
      expect([await served(picture), await served(other)]).toEqual([404, 404]);
    });

    it("deletes only an admin's own pictures: their other uploads may be the catalog's", async () => {
      const boss = await signUp(env.app, { email: adminEmail });
      const [picture, toolPhoto] = [await upload(boss), await upload(boss)];
      await call(env.app, "POST", "/api/myProfile", boss, {
        name: "Boss",
        email: boss.email,
        education: "Bachelor",
        location: "Dhaka",
        phone: "+8801712345678",
        linkedIn: "https://www.linkedin.com/in/boss",
        img: picture,
      });
      const res = await call(env.app, "DELETE", "/api/account", boss, { password: boss.password });
      expect(res.statusCode, res.body).toBe(204);
      expect([await served(picture), await served(toolPhoto)]).toEqual([404, 200]);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
