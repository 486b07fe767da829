namespace Cqrs.Tests.Domain.Wrapping;

/// <summary>One step of a test middleware around one handler call.</summary>
/// <param name="Middleware">The middleware's name.</param>
/// <param name="Step">"before" the next step, or "after" it.</param>
/// <param name="Handler">The handler wrapped; for a query middleware, the query's type.</param>
/// <param name="Message">The message handed to the middleware.</param>
/// <param name="ScopeId">The id of the scope the middleware was resolved from, when it shows one.</param>
public sealed record MiddlewareCall(string Middleware, string Step, Type Handler, object Message, Guid? ScopeId = null);
