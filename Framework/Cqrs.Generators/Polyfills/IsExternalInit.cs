namespace System.Runtime.CompilerServices;

/// <summary>Lets records and init accessors compile on netstandard2.0.</summary>
internal static class IsExternalInit;
