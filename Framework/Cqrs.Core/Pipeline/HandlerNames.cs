namespace Cqrs.Pipeline;

/// <summary>The name a handler goes by in spans, metrics, logs, and retries aimed at it alone.</summary>
internal static class HandlerNames
{
    public static string Of(object handler) => Of(handler.GetType());

    public static string Of(Type handlerType) => handlerType.FullName!;
}
