namespace Cqrs;

/// <summary>The name a handler goes by in spans, metrics, logs, and retries aimed at it alone.</summary>
internal static class HandlerNames
{
    public static string Of(object handler) => handler is INamedHandler named ? named.HandlerName : Of(handler.GetType());

    /// <summary>The name of a handler type that does not name itself (<see cref="INamedHandler"/>).</summary>
    public static string Of(Type handlerType) => handlerType.FullName!;
}
